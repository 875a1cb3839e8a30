/**
 * Whether and where traces are sent, read from OpenTelemetry's own variables (docs/operations.md#traces):
 * on when an OTLP endpoint is set, unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 * The SDK reads the rest itself and only warns of a value it cannot use; the values read here are
 * checked with the process's configuration (config.ts), so that a mistake stops start-up with a
 * message naming it.
 */

const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
];

type Env = Record<string, string | undefined>;

const set = (env: Env, name: string): string | undefined =>
  env[name]?.trim() ? env[name].trim() : undefined;

function urlProblem(env: Env, name: string): string | undefined {
  const value = set(env, name);
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return undefined;
  return `${name} must be an http:// or https:// URL (got ${JSON.stringify(value.slice(0, 60))})`;
}

function oneOfProblem(env: Env, name: string, allowed: readonly string[]): string | undefined {
  const value = set(env, name)?.toLowerCase();
  if (value === undefined || allowed.includes(value)) return undefined;
  return `${name} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value.slice(0, 60))})`;
}

function ratioProblem(env: Env, name: string): string | undefined {
  const value = set(env, name);
  if (value === undefined) return undefined;
  const ratio = Number(value);
  if (Number.isFinite(ratio) && ratio >= 0 && ratio <= 1) return undefined;
  return `${name} must be a number from 0 to 1 (got ${JSON.stringify(value.slice(0, 60))})`;
}

/** What is wrong with the tracing variables, one line each naming the variable. */
export function tracingProblems(env: Env): string[] {
  return [
    oneOfProblem(env, 'OTEL_SDK_DISABLED', ['true', 'false']),
    oneOfProblem(env, 'OTEL_TRACES_EXPORTER', ['otlp', 'none']),
    // The exporter shipped sends OTLP as JSON over HTTP, and nothing else.
    oneOfProblem(env, 'OTEL_EXPORTER_OTLP_PROTOCOL', ['http/json']),
    oneOfProblem(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', ['http/json']),
    urlProblem(env, 'OTEL_EXPORTER_OTLP_ENDPOINT'),
    urlProblem(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'),
    oneOfProblem(env, 'OTEL_TRACES_SAMPLER', SAMPLERS),
    ratioProblem(env, 'OTEL_TRACES_SAMPLER_ARG'),
  ].filter((problem) => problem !== undefined);
}

/**
 * Where to send spans: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, or /v1/traces under
 * OTEL_EXPORTER_OTLP_ENDPOINT; undefined when tracing is off. The variables were checked.
 */
export function tracesEndpoint(env: Env = process.env): string | undefined {
  if (set(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return undefined;
  if (set(env, 'OTEL_TRACES_EXPORTER')?.toLowerCase() === 'none') return undefined;
  const base = set(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  const under = base && `${base.replace(/\/+$/, '')}/v1/traces`;
  return set(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? under;
}

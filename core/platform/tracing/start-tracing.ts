/**
 * Starts the OpenTelemetry SDK for a process when its variables ask for traces
 * (tracing-settings.ts): spans batched to the OTLP/HTTP endpoint, W3C Trace Context read from and
 * written to carriers, and the SDK's own warnings logged. Otherwise nothing starts, and the API's
 * no-op tracer stays in place. The resource is the role's service name, which OTEL_SERVICE_NAME
 * and OTEL_RESOURCE_ATTRIBUTES override.
 */
import {
  context,
  diag,
  DiagLogLevel,
  propagation,
  trace,
  type DiagLogger,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Logger } from '../logger';
import { tracesEndpoint } from './tracing-settings';

export interface Tracing {
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Sends the spans still waiting, then stops, leaving the API's no-op tracer in place. */
  shutdown(): Promise<void>;
}

/** The SDK's complaints (a refused export, an unusable variable) as warnings of the process. */
function diagnostics(logger: Logger): DiagLogger {
  const warn = (message: string) => logger.warn({ component: 'opentelemetry' }, message);
  return { error: warn, warn, info: () => {}, debug: () => {}, verbose: () => {} };
}

/** The tracing of process `role` ('api', 'worker'), or undefined when it is off. */
export function startTracing(
  role: string,
  logger: Logger,
  env: Record<string, string | undefined> = process.env,
): Tracing | undefined {
  const url = tracesEndpoint(env);
  if (url === undefined) return undefined;
  diag.setLogger(diagnostics(logger), DiagLogLevel.WARN);
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: `funnel-sync-${role}` }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  provider.register();
  logger.info({ component: 'opentelemetry' }, 'tracing on: spans go to the OTLP endpoint');
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
      diag.disable();
    },
  };
}

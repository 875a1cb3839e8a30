import { ConfigError, loadConfig } from '../../../core/platform/config';
import { tracesEndpoint, tracingProblems } from '../../../core/platform/tracing/tracing-settings';
import { isolatedEnv } from '../../support/test-env';

describe('whether and where traces are sent', () => {
  it('when no OTLP endpoint is set, then tracing is off', () => {
    expect(tracesEndpoint({})).toBeUndefined();
    expect(tracesEndpoint({ OTEL_SERVICE_NAME: 'api', OTEL_TRACES_SAMPLER: 'always_on' })).toBe(
      undefined,
    );
  });

  it('when the base endpoint is set, then spans go to /v1/traces under it; the traces endpoint is taken as it is', () => {
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      tracesEndpoint({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp',
      }),
    ).toBe('https://traces.example/otlp');
  });

  it('when the SDK is disabled or the traces exporter is none, then tracing is off whatever the endpoint', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracesEndpoint({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBeUndefined();
    expect(tracesEndpoint({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    expect(tracesEndpoint({ ...endpoint, OTEL_SDK_DISABLED: 'false' })).toBeDefined();
  });

  it.each([
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'ftp://collector'],
    ['OTEL_EXPORTER_OTLP_PROTOCOL', 'grpc'],
    ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'http/protobuf'],
    ['OTEL_TRACES_EXPORTER', 'zipkin'],
    ['OTEL_SDK_DISABLED', 'yes'],
    ['OTEL_TRACES_SAMPLER', 'sometimes'],
    ['OTEL_TRACES_SAMPLER_ARG', '1.5'],
  ])('when %s is %s, then the problem names it', (name, value) => {
    const problems = tracingProblems({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
  });

  it("when a tracing variable is bad, then the API's and the worker's configuration refuse it, the CLI's not", () => {
    const env = { ...isolatedEnv('tracing'), OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' };
    expect(() => loadConfig('api', env)).toThrow(ConfigError);
    expect(() => loadConfig('worker', env)).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL must be/);
    expect(() => loadConfig('cli', env)).not.toThrow();
  });
});

/** WORKER_METRICS_PORT (a port, a range or 0) and WORKER_METRICS_HOST, as the worker reads them. */
import { ConfigError, loadConfig } from '../../../core/platform/config';
import { formatPortRange, parsePortRange } from '../../../core/platform/port-range';

const env = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  MONGO_URL: 'mongodb://127.0.0.1:27017/funnel-sync',
};

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('a port setting', () => {
  it.each([
    ['9464', { first: 9464, last: 9464 }],
    ['9464-9479', { first: 9464, last: 9479 }],
    [' 1-65535 ', { first: 1, last: 65535 }],
    ['7000-7000', { first: 7000, last: 7000 }],
    ['0', 'off'],
  ])('when it is %p, then it reads as %p', (text, expected) => {
    expect(parsePortRange(text)).toEqual(expected);
  });

  it.each(['', '-1', '65536', '9479-9464', '0-10', '9464-', '9464-65536', '94 64', 'metrics'])(
    'when it is %p, then it is refused',
    (text) => {
      expect(parsePortRange(text)).toBeUndefined();
    },
  );

  it('when a range is written back, then a single port shows as one number', () => {
    expect(formatPortRange({ first: 9464, last: 9479 })).toBe('9464-9479');
    expect(formatPortRange({ first: 9464, last: 9464 })).toBe('9464');
  });
});

describe('the worker metrics address', () => {
  it('when neither is set, then the worker tries 9464 to 9479 on loopback', () => {
    const config = loadConfig('worker', env);
    expect(config.WORKER_METRICS_PORT).toEqual({ first: 9464, last: 9479 });
    expect(config.WORKER_METRICS_HOST).toBe('127.0.0.1');
  });

  it('when they are set, then the worker takes them: a port, none, every interface', () => {
    const own = loadConfig('worker', { ...env, WORKER_METRICS_PORT: '9100' });
    expect(own.WORKER_METRICS_PORT).toEqual({ first: 9100, last: 9100 });
    expect(loadConfig('worker', { ...env, WORKER_METRICS_PORT: '0' }).WORKER_METRICS_PORT).toBe(
      'off',
    );
    for (const host of ['0.0.0.0', '::', '10.0.0.7', '::1']) {
      expect(loadConfig('worker', { ...env, WORKER_METRICS_HOST: host }).WORKER_METRICS_HOST).toBe(
        host,
      );
    }
  });

  it.each(['65536', '-1', 'metrics', '9479-9464'])(
    'when WORKER_METRICS_PORT is %p, then the worker refuses it by name',
    (value) => {
      expect(
        problemsOf(() => loadConfig('worker', { ...env, WORKER_METRICS_PORT: value })),
      ).toEqual([
        `WORKER_METRICS_PORT must be a TCP port (9464), a range of them (9464-9479: the first free one), or 0 for none (the worker's /metrics and /healthz) (got "${value}")`,
      ]);
    },
  );

  it.each(['localhost', 'metrics.internal', '256.0.0.1', '[::1]'])(
    'when WORKER_METRICS_HOST is %p, then the worker refuses it by name',
    (value) => {
      expect(
        problemsOf(() => loadConfig('worker', { ...env, WORKER_METRICS_HOST: value })),
      ).toEqual([
        `WORKER_METRICS_HOST must be an IP address to listen on (127.0.0.1: this host only; 0.0.0.0 or "::": every interface) (got "${value}")`,
      ]);
    },
  );
});

import { ConfigError, loadConfig } from '../../../core/platform/config';

const validApi = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  MONGO_URL: 'mongodb://127.0.0.1:27017/funnel-sync',
  JWT_SECRET: 'x'.repeat(32),
};

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration from the environment', () => {
  it('when every required variable is valid, then defaults fill the rest', () => {
    const config = loadConfig('api', validApi);
    expect(config).toMatchObject({
      PORT: 3000,
      MAX_BODY_BYTES: 16 * 1024 * 1024,
      MAX_ITEMS: 10_000,
      WAIT_TIMEOUT_MS: 30_000,
      HISTORY_TTL_DAYS: 30,
      LOG_LEVEL: 'info',
    });
  });

  it('when numbers are given, then they are parsed as integers', () => {
    const config = loadConfig('worker', {
      ...validApi,
      WORKER_CONCURRENCY: '16',
      MAX_ITEMS: '50000',
    });
    expect(config.WORKER_CONCURRENCY).toBe(16);
    expect(config.MAX_ITEMS).toBe(50_000);
  });

  it.each([
    ['PORT', 'not-a-port', /PORT must be a TCP port from 1 to 65535 \(got "not-a-port"\)/],
    ['PORT', '70000', /PORT must be a TCP port/],
    ['REDIS_URL', 'http://x', /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    ['MONGO_URL', 'localhost:27017', /MONGO_URL must be a mongodb:\/\//],
    ['WAIT_TIMEOUT_MS', '1.5', /WAIT_TIMEOUT_MS must be milliseconds/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be fatal, error, warn, info/],
    ['PUBLIC_URL', 'sync.example.test', /PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/],
    ['PUBLIC_URL', 'ftp://sync.example.test', /PUBLIC_URL must be/],
    ['PUBLIC_URL', 'https://sync.example.test/?tenant=a', /PUBLIC_URL must be/],
    ['PUBLIC_URL', 'https://user:pw@sync.example.test', /PUBLIC_URL must be/],
  ])('when %s is %p, then the problem names the variable', (name, value, expected) => {
    const problems = problemsOf(() => loadConfig('api', { ...validApi, [name]: value }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(expected);
  });

  it('when PUBLIC_URL is given, then it is kept without its trailing slash; unset, it is the local address', () => {
    expect(loadConfig('api', validApi).PUBLIC_URL).toBe('http://127.0.0.1:3000');
    const behindProxy = { ...validApi, PUBLIC_URL: 'https://Sync.Example.test/funnels/' };
    expect(loadConfig('api', behindProxy).PUBLIC_URL).toBe('https://sync.example.test/funnels');
    expect(loadConfig('cli', behindProxy).PUBLIC_URL).toBe('https://sync.example.test/funnels');
  });

  it('when a required variable is missing, then it is named with what it expects', () => {
    const { MONGO_URL: _omitted, ...rest } = validApi;
    expect(problemsOf(() => loadConfig('api', rest))).toEqual([
      'MONGO_URL is missing: expected a mongodb:// or mongodb+srv:// URL',
    ]);
  });

  it('when the JWT secret is too short, then its value is never shown', () => {
    const problems = problemsOf(() =>
      loadConfig('api', { ...validApi, JWT_SECRET: 'short-secret' }),
    );
    expect(problems).toEqual(['JWT_SECRET must be a secret of at least 32 bytes']);
    expect(problems.join()).not.toContain('short-secret');
  });

  it('when several variables are bad, then each one is listed', () => {
    const problems = problemsOf(() =>
      loadConfig('api', { ...validApi, PORT: 'x', MAX_ITEMS: '0' }),
    );
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual(['PORT', 'MAX_ITEMS']);
  });

  it('when EXPORT_DELIVERY_LOG_DAYS is unset or a positive integer, then the worker keeps succeeded deliveries that many days', () => {
    expect(loadConfig('worker', validApi).EXPORT_DELIVERY_LOG_DAYS).toBe(7);
    expect(loadConfig('worker', { ...validApi, EXPORT_DELIVERY_LOG_DAYS: '30' })).toMatchObject({
      EXPORT_DELIVERY_LOG_DAYS: 30,
    });
    for (const bad of ['0', '-1', '1.5', 'week']) {
      expect(
        problemsOf(() => loadConfig('worker', { ...validApi, EXPORT_DELIVERY_LOG_DAYS: bad })),
      ).toEqual([expect.stringMatching(/^EXPORT_DELIVERY_LOG_DAYS must be days from 1 to 3650/)]);
    }
  });

  it('when MONGO_WRITE_CONCERN is unset, majority or a member count, then every role writes with it; 0 and other values are refused', () => {
    for (const role of ['api', 'worker', 'cli'] as const) {
      expect(loadConfig(role, validApi).MONGO_WRITE_CONCERN).toBe('majority');
    }
    expect(loadConfig('api', { ...validApi, MONGO_WRITE_CONCERN: 'majority' })).toMatchObject({
      MONGO_WRITE_CONCERN: 'majority',
    });
    expect(loadConfig('worker', { ...validApi, MONGO_WRITE_CONCERN: '2' })).toMatchObject({
      MONGO_WRITE_CONCERN: 2,
    });
    for (const bad of ['0', '-1', 'all', '1.5', '100']) {
      expect(
        problemsOf(() => loadConfig('api', { ...validApi, MONGO_WRITE_CONCERN: bad })),
      ).toEqual([expect.stringMatching(/^MONGO_WRITE_CONCERN must be "majority"/)]);
    }
  });

  it('when the MongoDB timeouts are unset, then every role bounds writes by 10 s and reads by 30 s; each can be set, and a value out of range is refused', () => {
    for (const role of ['api', 'worker', 'cli'] as const) {
      expect(loadConfig(role, validApi)).toMatchObject({
        MONGO_WRITE_TIMEOUT_MS: 10_000,
        MONGO_QUERY_TIMEOUT_MS: 30_000,
      });
    }
    const set = { MONGO_WRITE_TIMEOUT_MS: '2500', MONGO_QUERY_TIMEOUT_MS: '120000' };
    expect(loadConfig('worker', { ...validApi, ...set })).toMatchObject({
      MONGO_WRITE_TIMEOUT_MS: 2_500,
      MONGO_QUERY_TIMEOUT_MS: 120_000,
    });
    for (const bad of ['0', '99', '-1', '1.5', 'ten', '3600001']) {
      expect(
        problemsOf(() =>
          loadConfig('api', {
            ...validApi,
            MONGO_WRITE_TIMEOUT_MS: bad,
            MONGO_QUERY_TIMEOUT_MS: bad,
          }),
        ),
      ).toEqual([
        expect.stringMatching(/^MONGO_WRITE_TIMEOUT_MS must be milliseconds from 100 to 600000/),
        expect.stringMatching(/^MONGO_QUERY_TIMEOUT_MS must be milliseconds from 100 to 3600000/),
      ]);
    }
  });

  it('when the role is worker, then JWT_SECRET is not required', () => {
    const { JWT_SECRET: _unused, ...rest } = validApi;
    expect(() => loadConfig('worker', rest)).not.toThrow();
  });
});

describe('configuration of the operators’ dashboard and metrics', () => {
  it('when nothing is set, then the dashboard is off, read-only, and metrics are open and bounded', () => {
    const config = loadConfig('api', validApi);
    expect(config).toMatchObject({ DASHBOARD_WRITES: false, METRICS_MAX_FUNNELS: 500 });
    expect(config.DASHBOARD_USER).toBeUndefined();
    expect(config.DASHBOARD_PASSWORD).toBeUndefined();
    expect(config.METRICS_TOKEN).toBeUndefined();
  });

  it('when the dashboard credential and switches are set, then they are read', () => {
    const config = loadConfig('api', {
      ...validApi,
      DASHBOARD_USER: 'ops',
      DASHBOARD_PASSWORD: 'p'.repeat(16),
      DASHBOARD_WRITES: 'true',
      METRICS_TOKEN: 'm'.repeat(16),
      METRICS_MAX_FUNNELS: '20',
    });
    expect(config).toMatchObject({
      DASHBOARD_USER: 'ops',
      DASHBOARD_WRITES: true,
      METRICS_MAX_FUNNELS: 20,
    });
  });

  it.each([
    [{ DASHBOARD_USER: 'ops' }, 'DASHBOARD_USER and DASHBOARD_PASSWORD must be set together'],
    [{ DASHBOARD_PASSWORD: 'p'.repeat(16) }, 'must be set together'],
    [{ DASHBOARD_USER: 'a:b', DASHBOARD_PASSWORD: 'p'.repeat(16) }, 'DASHBOARD_USER must be'],
    [{ DASHBOARD_USER: 'ops', DASHBOARD_PASSWORD: 'short' }, 'DASHBOARD_PASSWORD must be'],
    [{ DASHBOARD_WRITES: 'yes' }, 'DASHBOARD_WRITES must be "true" or "false"'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be'],
    [{ METRICS_TOKEN: 'has a space in it, long enough' }, 'METRICS_TOKEN must be'],
    [{ METRICS_MAX_FUNNELS: '0' }, 'METRICS_MAX_FUNNELS must be'],
  ])('when %p, then the problem is named and no secret is echoed', (env, expected) => {
    const problems = problemsOf(() => loadConfig('api', { ...validApi, ...env }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
    expect(problems[0]).not.toContain('short');
    expect(problems[0]).not.toContain('space in it');
  });
});

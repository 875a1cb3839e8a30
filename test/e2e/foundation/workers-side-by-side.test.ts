/**
 * Workers started side by side on one host with the same settings: each takes its own port of
 * the WORKER_METRICS_PORT range and all of them run; a worker that cannot start says why in one
 * log line and exits non-zero.
 */
import { freePort } from '../../../scripts/local-engines';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { freePortRange, holdPorts, type TestPortRange } from '../../support/port-ranges';
import { startProcess, type RunningProcess } from '../../support/processes';

/** The one line a worker that failed to start leaves: no stack, nothing on stderr. */
function failureLine(worker: RunningProcess) {
  expect(worker.stderr.join('')).toBe('');
  expect(worker.lines.filter((line) => line.unparsed)).toEqual([]);
  expect(worker.lines.some((line) => line.msg === 'worker ready')).toBe(false);
  const failures = worker.lines.filter((line) => line.level === 'fatal' || line.level === 'error');
  expect(failures).toHaveLength(1);
  const [failure] = failures;
  if (!failure) throw new Error('no failure line');
  expect(JSON.stringify(failure)).not.toMatch(/stack|\\n\s+at /);
  return failure;
}

describe('workers side by side', () => {
  let api: TestApi;
  let token: string;
  let range: TestPortRange;

  beforeAll(async () => {
    api = await startTestApi('side-by-side');
    ({ token } = await api.bootstrap('acme'));
    await api.call('PUT', '/api/v1/settings/content-types/products', {
      token,
      body: { name: 'Products', kind: 'product', properties: [] },
    });
    await api.call('POST', '/api/v1/settings/funnels', {
      token,
      body: {
        contentType: 'products',
        name: 'ERP',
        endpointUrl: 'erp',
        mappings: [
          { source: 'sku', target: { system: 'identifier' } },
          { source: 'title', target: { system: 'name' } },
        ],
      },
    });
    range = await freePortRange(4);
  });

  afterAll(async () => {
    await api.close();
  });

  it('when two workers start with the same settings, then both run, each on its own port of the range', async () => {
    const env = { ...api.env, WORKER_METRICS_PORT: range.setting };
    const workers = await Promise.all([startProcess('worker', env), startProcess('worker', env)]);
    try {
      const ports = workers.map((worker) => {
        const ready = worker.lines.find((line) => line.msg === 'worker ready');
        expect(ready).toMatchObject({ metricsHost: '127.0.0.1' });
        return ready?.metricsPort as number;
      });
      expect(new Set(ports).size).toBe(2);
      for (const port of ports) {
        expect(port).toBeGreaterThanOrEqual(range.first);
        expect(port).toBeLessThanOrEqual(range.last);
        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ status: 'ok', port });
      }
      const posted = await api.call('POST', '/api/v1/funnels/erp', {
        token,
        body: [{ sku: 'S-1', title: 'side by side' }],
      });
      expect(posted.status).toBe(200);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });

  it('when every port of the range is taken, then the worker exits non-zero with one line naming the range', async () => {
    const taken = await holdPorts(range);
    try {
      const worker = await startProcess(
        'worker',
        { ...api.env, WORKER_METRICS_PORT: range.setting },
        { waitReady: false },
      );
      expect(await worker.exited).toBe(1);
      const line = failureLine(worker);
      expect(line.msg).toBe('worker failed to start');
      expect(line.reason).toBe(
        `WORKER_METRICS_PORT ${range.setting}: every port of ${range.setting} is in use on 127.0.0.1`,
      );
    } finally {
      await taken.release();
    }
  });

  it('when Redis does not answer, then the worker exits non-zero with one line naming Redis', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const worker = await startProcess(
      'worker',
      { ...api.env, REDIS_URL: nowhere },
      { waitReady: false },
    );
    expect(await worker.exited).toBe(1);
    expect(failureLine(worker).reason).toMatch(/redis redis:\/\/127\.0\.0\.1:\d+ does not answer/);
  });
});

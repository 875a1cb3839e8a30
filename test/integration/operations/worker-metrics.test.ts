/**
 * A worker process's own port (WORKER_METRICS_PORT): /healthz for a container health check, and
 * /metrics counting and timing the jobs it ran, with its process metrics.
 */
import { freePort } from '../../../scripts/local-engines';
import { startProcess, type RunningProcess } from '../../support/processes';
import { startTestApi, type TestApi } from '../../support/api-harness';

describe('worker metrics port', () => {
  let api: TestApi;
  let worker: RunningProcess;
  let port: number;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi('worker-metrics');
    port = await freePort();
    worker = await startProcess('worker', {
      ...api.env,
      WORKER_CONCURRENCY: '2',
      WORKER_METRICS_PORT: String(port),
    });
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
  });
  afterAll(async () => {
    await worker.stop();
    await api.close();
  });

  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it('when the worker runs, then /healthz answers 200 on its port', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', port });
    expect((await fetch(`http://127.0.0.1:${port}/nothing`)).status).toBe(404);
  });

  it('when a funnel request ran, then /metrics counts and times its job and shows the process', async () => {
    const before = await scrape();
    expect(before).not.toContain('funnel_sync_worker_jobs_total{job="ingest"');
    const posted = await api.call('POST', '/api/v1/funnels/erp', {
      token,
      body: [{ sku: 'W-1', title: 'a' }],
    });
    expect(posted.status).toBe(200);
    const text = await scrape();
    expect(text).toContain('funnel_sync_worker_jobs_total{job="ingest",outcome="completed"} 1');
    expect(text).toContain(
      'funnel_sync_worker_job_seconds_count{job="ingest",outcome="completed"} 1',
    );
    expect(text).toMatch(/^funnel_sync_worker_busy_ratio \d/m);
    expect(text).toContain('funnel_sync_worker_concurrency 2');
    expect(text).toMatch(/^funnel_sync_worker_nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^funnel_sync_worker_process_resident_memory_bytes \d/m);
  });

  it('when the worker is ready, then its ready line names the server’s version and nothing of its connection', () => {
    const ready = worker.lines.find((line) => line.msg === 'worker ready');
    expect(ready?.engine).toEqual({ version: expect.any(String) });
    // A MONGO_URL may carry a password: no line may hold it, nor the client's internals.
    const mongoUrl = api.env.MONGO_URL ?? '';
    expect(mongoUrl).not.toBe('');
    expect(worker.lines.filter((line) => JSON.stringify(line).includes(mongoUrl))).toEqual([]);
  });

  it('when a second worker is given a port already taken, then it stops at start-up', async () => {
    const second = await startProcess(
      'worker',
      { ...api.env, WORKER_METRICS_PORT: String(port) },
      { waitReady: false },
    );
    expect(await second.exited).toBe(1);
    expect(second.lines.some((line) => line.msg === 'worker ready')).toBe(false);
  });
});

import type { Queue } from 'bullmq';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { holdWriteLock } from '../../support/held-write-lock';
import { startProcess } from '../../support/processes';
import { queuedRequests, setUpFunnel, type QueuedFunnel } from '../../support/queued-requests';
import { waitUntil } from '../../support/wait-until';

// A process that overruns its shutdown budget exits 1 (and stop() SIGKILLs one that hangs, exit
// code null): an exit code of 0 says the shutdown finished within the budget. A funnel request's
// job runs as long as the test decides: it waits for its content type's write lock, which the
// test holds until it lets go.

describe('graceful shutdown', () => {
  let api: TestApi;
  let funnel: QueuedFunnel;
  let inspector: Queue;

  beforeAll(async () => {
    api = await startTestApi('shutdown');
    funnel = await setUpFunnel(api, {
      tenant: 'acme',
      contentType: 'products',
      endpointUrl: 'feed',
    });
    inspector = api.context.queue.queues.of(funnel.tenant);
  });

  afterAll(async () => {
    await api.close();
  });

  const stored = (requestId: string) =>
    api.context.db.items
      .find({
        tenant: funnel.tenant,
        contentType: funnel.contentType,
        identifier: `${requestId}-0`,
      })
      .toArray();

  it('when SIGTERM arrives while a short job runs, then the job finishes and the worker exits 0', async () => {
    const worker = await startProcess('worker', api.env);
    const lock = await holdWriteLock(api.env, funnel.tenant, funnel.contentType);
    const { jobId, data } = await queuedRequests(api, funnel)('sigterm-short');
    const running = api.context.queue.run('ingest', data, { timeoutMs: 20_000, jobId });
    try {
      await worker.waitForLog((line) => line.msg === 'job started' && line.jobId === jobId);
      const exited = worker.stop('SIGTERM');
      // The job is still running when the worker begins to shut down; it ends well within the
      // budget once the lock is free.
      await worker.waitForLog((line) => line.msg === 'shutting down');
      expect(worker.lines.some((line) => line.msg === 'job finished' && line.jobId === jobId)).toBe(
        false,
      );
      await lock.release();
      expect(await exited).toBe(0);
    } finally {
      await lock.release();
    }
    const outcome = await running;
    expect(outcome).toMatchObject({ state: 'completed', result: { httpStatus: 200 } });
    // This worker finished it, before it exited.
    const finished = worker.lines.findIndex(
      (line) => line.msg === 'job finished' && line.jobId === jobId,
    );
    expect(finished).toBeGreaterThan(-1);
    expect(finished).toBeLessThan(
      worker.lines.findIndex((line) => line.msg === 'shutdown complete'),
    );
    expect(await stored('sigterm-short')).toHaveLength(1);
  });

  it('when SIGTERM arrives while a long job runs, then it goes back to the queue and another worker finishes it', async () => {
    const first = await startProcess('worker', api.env);
    const lock = await holdWriteLock(api.env, funnel.tenant, funnel.contentType);
    const { jobId, data } = await queuedRequests(api, funnel)('sigterm-long');
    try {
      await api.context.queue.add('ingest', data, jobId);
      await first.waitForLog((line) => line.msg === 'job started' && line.jobId === jobId);
      // The lock stays held past the shutdown budget: the job would overrun it.
      expect(await first.stop('SIGTERM')).toBe(0);
    } finally {
      await lock.release();
    }
    // It left the job unfinished and handed it back rather than waiting for it.
    expect(first.lines.some((line) => line.msg === 'job finished' && line.jobId === jobId)).toBe(
      false,
    );
    expect(first.lines.map((line) => line.msg)).toContain(
      'job interrupted by shutdown; handing it back to the queue',
    );
    expect(await inspector.getJobState(jobId)).toBe('waiting');
    expect(await stored('sigterm-long')).toEqual([]);

    const second = await startProcess('worker', api.env);
    try {
      const finished = await second.waitForLog(
        (line) => line.msg === 'job finished' && line.jobId === jobId,
        25_000,
      );
      expect(finished.requestId).toBe('sigterm-long');
      // The log line comes just before BullMQ records the completion.
      await waitUntil(
        () => inspector.getJobState(jobId),
        (state) => state === 'completed',
        { what: 'the job to be recorded as completed', timeoutMs: 5_000 },
      );
      expect(await stored('sigterm-long')).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('when SIGTERM reaches an idle API, then it exits 0 promptly', async () => {
    const apiProcess = await startProcess('api', api.env);
    expect((await fetch(`${apiProcess.baseUrl}/healthz`)).status).toBe(200);
    expect(await apiProcess.stop('SIGTERM')).toBe(0);
    expect(apiProcess.lines.map((line) => line.msg)).toContain('shutdown complete');
  });
});

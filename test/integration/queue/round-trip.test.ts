/**
 * The funnel queue between the API's side (a FunnelQueue, as the API's submission uses it) and a
 * worker process: funnel requests go on the queue as `ingest` jobs, their bodies in Redis, and
 * their answers come back to the caller waiting for them.
 */
import { JobFailedError, type FunnelQueue } from '../../../core/queue/funnel-queue';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { holdWriteLock } from '../../support/held-write-lock';
import { startProcess, type RunningProcess } from '../../support/processes';
import { queuedRequests, setUpFunnel, type QueuedRequest } from '../../support/queued-requests';

const TENANT = 'acme';
const CONTENT_TYPE = 'products';

describe('the funnel queue between an API module and a worker process', () => {
  let api: TestApi;
  let worker: RunningProcess;
  let queue: FunnelQueue;
  let funnelRequest: (requestId: string, count?: number) => Promise<QueuedRequest>;

  beforeAll(async () => {
    api = await startTestApi('roundtrip');
    worker = await startProcess('worker', api.env);
    queue = api.context.queue;
    const funnel = { tenant: TENANT, contentType: CONTENT_TYPE, endpointUrl: 'feed' };
    funnelRequest = queuedRequests(api, await setUpFunnel(api, funnel));
  });

  afterAll(async () => {
    await worker.stop();
    await api.close();
  });

  it('when the API module puts a job on the queue, then the worker process answers it', async () => {
    const { jobId, data } = await funnelRequest('req-roundtrip-1', 2);
    const outcome = await queue.run('ingest', data, { timeoutMs: 10_000, jobId });
    expect(outcome).toMatchObject({ state: 'completed', jobId });
    if (outcome.state !== 'completed') return;
    expect(outcome.result.httpStatus).toBe(200);
    expect(outcome.result.envelope).toEqual({
      status: 'success',
      message: '2 items were imported',
    });
    expect(outcome.result.stats).toMatchObject({ imported: 2, failed: 0, deleted: 0 });
    // The worker process ran it (its log line may come a moment after the answer), and its
    // writes are in the store.
    await worker.waitForLog((line) => line.jobId === jobId && line.msg === 'job finished');
    const stored = await api.context.db.items
      .find({ tenant: TENANT, contentType: CONTENT_TYPE, identifier: /^req-roundtrip-1-/ })
      .toArray();
    expect(stored.map((item) => item.identifier).sort()).toEqual([
      'req-roundtrip-1-0',
      'req-roundtrip-1-1',
    ]);
  });

  it('when a job runs, then every worker log line of it carries the job id and request id', async () => {
    const { jobId, data } = await funnelRequest('req-roundtrip-2');
    const outcome = await queue.run('ingest', data, { timeoutMs: 10_000, jobId });
    expect(outcome.state).toBe('completed');
    const finished = await worker.waitForLog(
      (line) => line.jobId === jobId && line.msg === 'job finished',
    );
    expect(finished.requestId).toBe('req-roundtrip-2');
    const ofJob = worker.lines.filter((line) => line.jobId === jobId);
    expect(ofJob[0]?.msg).toBe('job started');
    expect(ofJob.at(-1)?.msg).toBe('job finished');
    expect(ofJob.every((line) => line.requestId === 'req-roundtrip-2')).toBe(true);
    // And no line of the request is logged outside its job.
    const ofRequest = worker.lines.filter((line) => line.requestId === 'req-roundtrip-2');
    expect(ofRequest).toEqual(ofJob);
  });

  it('when the job outlives the wait, then the caller hears it is still running, and it finishes', async () => {
    // The request's job waits for its content type's write lock for as long as the test holds it.
    const lock = await holdWriteLock(api.env, TENANT, CONTENT_TYPE);
    const { jobId, data } = await funnelRequest('req-slow');
    try {
      const outcome = await queue.run('ingest', data, { timeoutMs: 200, jobId });
      expect(outcome).toEqual({ state: 'running', jobId });
      expect(await queue.queues.of(TENANT).getJobState(jobId)).not.toBe('completed');
    } finally {
      await lock.release();
    }
    await worker.waitForLog((line) => line.jobId === jobId && line.msg === 'job finished');
    const later = await queue.waitFor('ingest', TENANT, jobId, 10_000);
    expect(later).toMatchObject({ state: 'completed', result: { httpStatus: 200 } });
  });

  it('when many callers wait at once, then each gets its own job result', async () => {
    // Request i sends i + 1 items: each answer tells which request it is of.
    const requests = await Promise.all(
      Array.from({ length: 50 }, (_, i) => funnelRequest(`req-many-${i}`, i + 1)),
    );
    const outcomes = await Promise.all(
      requests.map(({ jobId, data }) => queue.run('ingest', data, { timeoutMs: 30_000, jobId })),
    );
    expect(new Set(outcomes.map((outcome) => outcome.jobId)).size).toBe(50);
    const answers = outcomes.map((outcome) => ({
      jobId: outcome.jobId,
      message: outcome.state === 'completed' ? outcome.result.envelope.message : outcome.state,
    }));
    expect(answers).toEqual(
      requests.map(({ jobId }, i) => ({
        jobId,
        message: i === 0 ? '1 item was imported' : `${i + 1} items were imported`,
      })),
    );
  });

  it('when job data breaks its schema, then nothing is queued', async () => {
    const before = await queue.jobCounts();
    const { data } = await funnelRequest('req-broken');
    await expect(queue.add('ingest', { ...data, requestId: '', sequence: -1 })).rejects.toThrow(
      /requestId|sequence/,
    );
    expect(await queue.jobCounts()).toEqual(before);
  });

  it('exposes failures as JobFailedError', () => {
    expect(new JobFailedError('7', 'boom').message).toBe('Job 7 failed: boom');
  });
});

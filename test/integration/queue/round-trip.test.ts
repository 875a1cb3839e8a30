import { FunnelQueue, JobFailedError } from '../../../core/queue/funnel-queue';
import { startProcess, type RunningProcess } from '../../support/processes';
import { isolatedEnv } from '../../support/test-env';

describe('the funnel queue between an API module and a worker process', () => {
  const env = isolatedEnv('roundtrip');
  let worker: RunningProcess;
  let queue: FunnelQueue;

  beforeAll(async () => {
    worker = await startProcess('worker', env);
    queue = new FunnelQueue({ redisUrl: env.REDIS_URL, prefix: env.QUEUE_PREFIX });
    await queue.waitUntilReady();
  });

  afterAll(async () => {
    await queue.close();
    await worker.stop();
  });

  it('when the API module puts a job on the queue, then the worker process answers it', async () => {
    const outcome = await queue.run(
      'ping',
      { requestId: 'req-roundtrip-1' },
      { timeoutMs: 10_000 },
    );
    expect(outcome.state).toBe('completed');
    if (outcome.state !== 'completed') return;
    expect(outcome.result.workerId).toMatch(new RegExp(`:${worker.pid}$`));
    expect(Date.parse(outcome.result.processedAt)).not.toBeNaN();
  });

  it('when a job runs, then every worker log line of it carries the job id and request id', async () => {
    const outcome = await queue.run(
      'ping',
      { requestId: 'req-roundtrip-2' },
      { timeoutMs: 10_000 },
    );
    const lines = await worker.waitForLog(
      (line) => line.jobId === outcome.jobId && line.msg === 'job finished',
    );
    expect(lines.requestId).toBe('req-roundtrip-2');
    const ofJob = worker.lines.filter((line) => line.jobId === outcome.jobId);
    expect(ofJob.map((line) => line.msg)).toEqual(['job started', 'job finished']);
    expect(ofJob.every((line) => line.requestId === 'req-roundtrip-2')).toBe(true);
  });

  it('when the job outlives the wait, then the caller hears it is still running, and it finishes', async () => {
    const outcome = await queue.run(
      'ping',
      { requestId: 'req-slow', holdMs: 1_500 },
      { timeoutMs: 200 },
    );
    expect(outcome.state).toBe('running');
    await worker.waitForLog((line) => line.jobId === outcome.jobId && line.msg === 'job finished');
  });

  it('when many callers wait at once, then each gets its own job result', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        queue.run('ping', { requestId: `req-many-${i}` }, { timeoutMs: 15_000 }),
      ),
    );
    expect(outcomes.every((outcome) => outcome.state === 'completed')).toBe(true);
    expect(new Set(outcomes.map((outcome) => outcome.jobId)).size).toBe(50);
  });

  it('when job data breaks its schema, then nothing is queued', async () => {
    await expect(queue.add('ping', { requestId: '', holdMs: -1 })).rejects.toThrow(
      /requestId|holdMs/,
    );
  });

  it('exposes failures as JobFailedError', () => {
    expect(new JobFailedError('7', 'boom').message).toBe('Job 7 failed: boom');
  });
});

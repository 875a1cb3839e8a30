import { Queue } from 'bullmq';
import { FunnelQueue } from '../../../core/queue/funnel-queue';
import { FUNNEL_QUEUE } from '../../../core/queue/queue-names';
import { startProcess } from '../../support/processes';
import { isolatedEnv } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

// A process that overruns its shutdown budget exits 1 (and stop() SIGKILLs one that hangs, exit
// code null): an exit code of 0 says the shutdown finished within the budget.

describe('graceful shutdown', () => {
  const env = isolatedEnv('shutdown');
  const queue = new FunnelQueue({ redisUrl: env.REDIS_URL, prefix: env.QUEUE_PREFIX });
  const inspector = new Queue(FUNNEL_QUEUE, {
    connection: { url: env.REDIS_URL },
    prefix: env.QUEUE_PREFIX,
  });

  afterAll(async () => {
    await queue.close();
    await inspector.close();
  });

  it('when SIGTERM arrives while a short job runs, then the job finishes and the worker exits 0', async () => {
    const worker = await startProcess('worker', env);
    const running = queue.run(
      'ping',
      { requestId: 'sigterm-short', holdMs: 2_000 },
      { timeoutMs: 20_000 },
    );
    await worker.waitForLog((line) => line.msg === 'job started');
    const code = await worker.stop('SIGTERM');
    expect(code).toBe(0);
    const outcome = await running;
    expect(outcome.state).toBe('completed');
    if (outcome.state === 'completed') expect(outcome.result.workerId).toMatch(`:${worker.pid}`);
  });

  it('when SIGTERM arrives while a long job runs, then it goes back to the queue and another worker finishes it', async () => {
    const first = await startProcess('worker', env);
    const job = await queue.add('ping', { requestId: 'sigterm-long', holdMs: 12_000 });
    await first.waitForLog((line) => line.msg === 'job started' && line.jobId === job.id);
    expect(await first.stop('SIGTERM')).toBe(0);
    // It left the 12 s job unfinished and handed it back rather than waiting for it.
    expect(first.lines.some((line) => line.msg === 'job finished')).toBe(false);
    expect(await inspector.getJobState(job.id ?? '')).toBe('waiting');

    const second = await startProcess('worker', env);
    try {
      const finished = await second.waitForLog(
        (line) => line.msg === 'job finished' && line.jobId === job.id,
        25_000,
      );
      expect(finished.requestId).toBe('sigterm-long');
      // The log line comes just before BullMQ records the completion.
      await waitUntil(
        () => inspector.getJobState(job.id ?? ''),
        (state) => state === 'completed',
        { what: 'the job to be recorded as completed', timeoutMs: 5_000 },
      );
    } finally {
      await second.stop();
    }
  });

  it('when SIGTERM reaches an idle API, then it exits 0 promptly', async () => {
    const api = await startProcess('api', env);
    expect((await fetch(`${api.baseUrl}/healthz`)).status).toBe(200);
    expect(await api.stop('SIGTERM')).toBe(0);
    expect(api.lines.map((line) => line.msg)).toContain('shutdown complete');
  });
});

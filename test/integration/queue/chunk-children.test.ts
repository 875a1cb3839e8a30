/**
 * A request's job re-run after a crash adds its chunk jobs again, leaving out those it added
 * before (core/ingest/chunks/chunked-write.ts). A chunk that fails for good while the re-run reads
 * its children must not be added again: BullMQ would make the parent wait for a failed job,
 * forever. Here the parent's re-run is the test's own job, so that a chunk fails for good exactly
 * between the re-run's read and its add.
 */
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { FUNNEL_QUEUE } from '../../../core/queue/queue-names';
import { CHUNK_JOB_OPTIONS } from '../../../core/queue/job-options';
import { runningJob } from '../../../worker/bullmq-running-job';
import { testKeys, testRedis, uniquePrefix } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

describe('a parent that adds its chunk jobs again', () => {
  // The tenant's shard, as the real queue puts the parent and its chunks.
  const prefix = testKeys(uniquePrefix('chunk-children')).ofTenant('acme');
  const connection = testRedis('chunk-children');
  let queue: Queue;
  let worker: Worker;
  let failChunk: () => void = () => undefined;
  const chunkMayFail = new Promise<void>((resolve) => (failChunk = resolve));

  const chunk = (parentId: string, n: number) => ({
    name: 'ingest-chunk' as const,
    jobId: `${parentId}-chunk-${n}`,
    data: {
      requestId: 'r-1',
      tenant: 'acme',
      contentType: 'products',
      receivedAt: new Date().toISOString(),
      sequence: 1,
      planKey: 'plan',
      chunk: n,
    },
  });

  beforeAll(async () => {
    queue = new Queue(FUNNEL_QUEUE, { connection, prefix });
    worker = new Worker(
      FUNNEL_QUEUE,
      async (job: Job<{ step?: string }>, token?: string) => {
        if (job.name === 'ingest-chunk') {
          await chunkMayFail;
          throw new UnrecoverableError('the writes of chunk 0 are gone');
        }
        const parent = runningJob(job, token, queue);
        const id = parent.id;
        if (job.data.step === 'first') {
          // The first run adds its chunk, then "crashes" (its step marker never says `added`).
          await parent.addChildren([chunk(id, 0)], CHUNK_JOB_OPTIONS);
          await job.updateData({ step: 'rerun' });
          throw new Error('crash');
        }
        // The re-run reads the children it added, the chunk fails for good, then it adds.
        const known = await parent.addedChildren();
        failChunk();
        await waitUntil(
          () => parent.failedChildren(),
          (failed) => failed.size === 1,
          { what: 'the chunk to fail for good', everyMs: 10 },
        );
        await parent.addChildren(
          [chunk(id, 0)].filter((child) => !known.has(child.jobId)),
          CHUNK_JOB_OPTIONS,
        );
        await parent.awaitChildren();
        return { failed: (await parent.failedChildren()).size };
      },
      { connection, prefix, concurrency: 2 },
    );
    await worker.waitUntilReady();
  });
  afterAll(async () => {
    await worker.close();
    await queue.close();
    connection.disconnect();
  });

  it('when a chunk fails for good between the re-run reading its children and adding them, then the parent still ends', async () => {
    const job = await queue.add(
      'ingest',
      { step: 'first' },
      { attempts: 2, backoff: { type: 'fixed', delay: 0 } },
    );
    const state = await waitUntil(
      () => queue.getJobState(job.id ?? ''),
      (now) => now === 'completed' || now === 'failed',
      { what: 'the parent to end', timeoutMs: 15_000 },
    );
    expect(state).toBe('completed');
    const done = await queue.getJob(job.id ?? '');
    expect(done?.returnvalue).toEqual({ failed: 1 });
  });
});

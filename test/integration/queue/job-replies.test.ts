/**
 * Job replies on a real Redis: a worker's BullMQ Worker sends each ended job's outcome to the
 * reply list its data names, and the API process's JobReplies hands it to whoever waits.
 */
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { JobReplies } from '../../../core/queue/job-replies';
import { isReplyAddress, REPLY_LIST_TTL_MS } from '../../../core/queue/job-reply';
import { sendJobReplies } from '../../../core/queue/job-reply-sender';
import { createLogger } from '../../../core/platform/logger';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniquePrefix } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

const QUEUE = 'replies';

describe('job replies between a worker and the API process waiting for its jobs', () => {
  const keys = testKeys(uniquePrefix('job-replies'));
  const prefix = keys.ofShard(keys.shards.first);
  let redis: RedisClient;
  let readerConnection: RedisClient;
  let workerConnection: RedisClient;
  let replies: JobReplies;
  let queue: Queue;
  let worker: Worker;

  beforeAll(async () => {
    redis = testRedis('replies-commands');
    readerConnection = testRedis('replies-reader');
    workerConnection = testRedis('replies-worker');
    replies = new JobReplies(readerConnection, keys);
    replies.start();
    queue = new Queue(QUEUE, { connection: redis, prefix });
    // A job's data says how it ends: `fail` fails it for good, `failOnce` fails its first attempt.
    worker = new Worker(
      QUEUE,
      (job: Job<{ value?: number; fail?: string; failOnce?: boolean }>) => {
        if (job.data.fail) throw new UnrecoverableError(job.data.fail);
        if (job.data.failOnce && job.attemptsMade === 0) throw new Error('first attempt');
        return Promise.resolve({ doubled: (job.data.value ?? 0) * 2 });
      },
      { connection: workerConnection, prefix },
    );
    sendJobReplies(worker, redis, keys, createLogger('test', 'silent'));
    await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
  });

  afterAll(async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await replies.close();
    redis.disconnect();
    workerConnection.disconnect();
  });

  const add = (jobId: string, data: object) =>
    queue.add('job', { ...data, replyTo: replies.address }, { jobId, attempts: 2 });

  it('when a job completes, then its waiter gets its result, and the reply list is gone', async () => {
    const waiting = replies.wait('done-1', 10_000);
    await add('done-1', { value: 21 });
    expect(await waiting.reply).toEqual({
      jobId: 'done-1',
      state: 'completed',
      result: { doubled: 42 },
    });
    expect(await redis.exists(replies.address)).toBe(0);
  });

  it('when many jobs end at once, then each waiter gets the reply of its own job', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `many-${i}`);
    const waits = ids.map((id) => replies.wait(id, 10_000).reply);
    await Promise.all(ids.map((id, i) => add(id, { value: i })));
    const got = await Promise.all(waits);
    expect(got.map((reply) => reply?.jobId)).toEqual(ids);
    expect(got.map((reply) => reply?.state === 'completed' && reply.result)).toEqual(
      ids.map((_, i) => ({ doubled: i * 2 })),
    );
  });

  it('when a job fails for good, then its waiter gets the reason; a failed attempt that is retried is no reply', async () => {
    const failing = replies.wait('failed-1', 10_000);
    await add('failed-1', { fail: 'the body is gone' });
    expect(await failing.reply).toEqual({
      jobId: 'failed-1',
      state: 'failed',
      reason: 'the body is gone',
    });
    const retried = replies.wait('retried-1', 10_000);
    await add('retried-1', { value: 1, failOnce: true });
    expect(await retried.reply).toMatchObject({ state: 'completed', result: { doubled: 2 } });
  });

  it('when no reply comes in time, then the wait ends empty, and a later reply is dropped', async () => {
    const waiting = replies.wait('nobody-1', 1);
    expect(await waiting.reply).toBeUndefined();
    await add('nobody-1', { value: 1 });
    // The reader took the late reply off the list, for nobody.
    await waitUntil(
      async () =>
        (await queue.getJobState('nobody-1')) === 'completed' &&
        !(await redis.exists(replies.address)),
      (done) => done,
      { what: 'the late reply to be read' },
    );
    const next = replies.wait('after-late-1', 10_000);
    await add('after-late-1', { value: 5 });
    expect(await next.reply).toMatchObject({ jobId: 'after-late-1', result: { doubled: 10 } });
  });

  it('when the list holds something that is no reply, then it is skipped and the next reply still comes', async () => {
    await redis.rpush(replies.address, 'not json', JSON.stringify({ jobId: 'x', state: 'odd' }));
    const waiting = replies.wait('after-junk-1', 10_000);
    await add('after-junk-1', { value: 3 });
    expect(await waiting.reply).toMatchObject({ result: { doubled: 6 } });
  });

  it("when a job's data names a key that is not a reply list, then the worker writes nothing there", async () => {
    const other = keys.global('not-a-reply-list');
    const foreign = keys.global('replies:../../elsewhere');
    expect(isReplyAddress(keys, replies.address)).toBe(true);
    expect(isReplyAddress(keys, other)).toBe(false);
    expect(isReplyAddress(keys, foreign)).toBe(false);
    for (const [jobId, replyTo] of [
      ['foreign-1', other],
      ['foreign-2', foreign],
    ] as const) {
      await queue.add('job', { value: 1, replyTo }, { jobId });
    }
    await waitUntil(
      () => Promise.all(['foreign-1', 'foreign-2'].map((id) => queue.getJobState(id))),
      (states) => states.every((state) => state === 'completed'),
      { what: 'the jobs to complete' },
    );
    expect(await redis.exists(other, foreign)).toBe(0);
  });

  it('when the worker pushes a reply, then the list expires unless someone reads it', async () => {
    const unread = keys.global('replies:00000000-0000-4000-8000-000000000000');
    await queue.add('job', { value: 1, replyTo: unread }, { jobId: 'unread-1' });
    const ttl = await waitUntil(
      () => redis.pttl(unread),
      (left) => left > 0,
      { what: 'the reply to the unread list' },
    );
    expect(ttl).toBeLessThanOrEqual(REPLY_LIST_TTL_MS);
    await redis.del(unread);
  });

  it("when the reader's connection drops, then it reads again once reconnected", async () => {
    readerConnection.disconnect(true);
    const waiting = replies.wait('after-drop-1', 10_000);
    await add('after-drop-1', { value: 4 });
    expect(await waiting.reply).toMatchObject({ result: { doubled: 8 } });
  });
});

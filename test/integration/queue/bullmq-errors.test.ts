import { Queue, QueueEvents } from 'bullmq';
import { isWaitTimeout } from '../../../core/queue/bullmq-errors';
import { testKeys, testRedis, uniquePrefix } from '../../support/test-env';

describe("BullMQ's errors, as the queue tells them apart", () => {
  const keys = testKeys(uniquePrefix('bullmq-errors'));
  // A queue's keys share a hash tag, as BullMQ needs on a cluster.
  const prefix = keys.ofShard(keys.shards.first);
  // The events block on a connection of their own.
  const connections = [testRedis('errors-queue'), testRedis('errors-events')] as const;
  const queue = new Queue('errors', { connection: connections[0], prefix });
  const events = new QueueEvents('errors', { connection: connections[1], prefix });

  beforeAll(() => Promise.all([queue.waitUntilReady(), events.waitUntilReady()]));
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await Promise.all([queue.close(), events.close()]);
    for (const connection of connections) connection.disconnect();
  });

  it('when a wait for a job that no worker takes runs out, then it is a wait timeout', async () => {
    const job = await queue.add('nobody-takes-it', {});
    const error: unknown = await job
      .waitUntilFinished(events, 20)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(isWaitTimeout(error)).toBe(true);
  });

  it('when a job fails, then its error is no wait timeout', () => {
    expect(isWaitTimeout(new Error('job failed: boom'))).toBe(false);
    expect(isWaitTimeout('timed out before finishing')).toBe(false);
  });
});

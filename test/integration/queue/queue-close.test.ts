/**
 * Closing queues whose start is still under way, on a real Redis. BullMQ reports a failed start
 * on the queue's listeners, which closing removes; such a failure must not become an unhandled
 * error, which ends a process.
 */
import { once } from 'node:events';
import { ShardedQueues } from '../../../core/queue/sharded-queues';
import { createRedis } from '../../../core/redis/redis-connection';
import { testKeys, testTopology, uniquePrefix } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

/** ioredis's commands sent and not yet answered. */
const inFlight = (client: unknown) =>
  (client as { commandQueue: { length: number } }).commandQueue.length;

describe('queues closed while they start', () => {
  it('when the connection they share is dropped under their start, then nothing goes unhandled', async () => {
    const keys = testKeys(uniquePrefix('queue-close'));
    const client = createRedis(testTopology(), 'command', 'queue-close');
    if (client.status !== 'ready') await once(client, 'ready');
    // A blocking read holds the connection, so the queues' start (a version check) waits behind it.
    const held = client.blpop(`${keys.prefix}:never`, 5).catch(() => null);
    const queues = new ShardedQueues('starting', keys, client);
    queues.onError(() => undefined);
    await waitUntil(
      () => inFlight(client),
      (count) => count > keys.shards.all.length,
      { what: 'the queues to ask for the Redis version', timeoutMs: 5_000, everyMs: 5 },
    );

    await queues.close();
    client.disconnect();
    await held;
    // Every start failed after its queue closed; Jest fails the test on an error left
    // unhandled, as BullMQ's own connection leaves it.
    const starts = await Promise.allSettled(queues.all.map(({ queue }) => queue.waitUntilReady()));
    expect(starts.map(({ status }) => status)).toEqual(queues.all.map(() => 'rejected'));
  });
});

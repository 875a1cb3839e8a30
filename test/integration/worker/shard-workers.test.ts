import { Queue } from 'bullmq';
import { ShardWorkers } from '../../../worker/shard-workers';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { KeySpace } from '../../../core/redis/key-space';
import { testRedis, uniquePrefix } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

const SHARDS = 3;
const CONCURRENCY = 2;

describe('the workers of every queue shard', () => {
  let redis: RedisClient;
  let workers: ShardWorkers | undefined;
  const queues: Queue[] = [];

  beforeAll(() => {
    redis = testRedis('shard-workers');
  });
  afterAll(async () => {
    await workers?.close();
    await Promise.all(queues.map((queue) => queue.close()));
    redis.disconnect();
  });

  it('share one budget of jobs, yet each shard always runs one', async () => {
    const keys = new KeySpace(uniquePrefix('shardworkers'), SHARDS);
    const running = new Map<number, number>();
    let mostAtOnce = 0;
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    workers = new ShardWorkers({
      queueName: 'shard-test',
      keys: keys,
      connection: redis,
      concurrency: CONCURRENCY,
      processorOf: (shard) => async () => {
        running.set(shard.index, (running.get(shard.index) ?? 0) + 1);
        mostAtOnce = Math.max(
          mostAtOnce,
          [...running.values()].reduce((a, b) => a + b, 0),
        );
        await released;
        running.set(shard.index, (running.get(shard.index) ?? 1) - 1);
        return 'done';
      },
      options: {},
    });
    for (const shard of keys.shards.all) {
      const queue = new Queue('shard-test', { connection: redis, prefix: keys.ofShard(shard) });
      queues.push(queue);
      for (let i = 0; i < 4; i += 1) await queue.add('job', { i });
    }
    await workers.waitUntilReady();

    // Every shard gets a job running, however busy the first one to start is.
    await waitUntil(
      () => keys.shards.all.map(({ index }) => running.get(index) ?? 0),
      (counts) => counts.every((count) => count >= 1),
      { what: 'a job running in every shard', timeoutMs: 20_000 },
    );
    expect(mostAtOnce).toBeLessThanOrEqual(CONCURRENCY + SHARDS - 1);

    release();
    await waitUntil(
      async () => Promise.all(queues.map((queue) => queue.getCompletedCount())),
      (done) => done.every((count) => count === 4),
      { what: 'every job done', timeoutMs: 30_000 },
    );
    expect(mostAtOnce).toBeLessThanOrEqual(CONCURRENCY + SHARDS - 1);
  });
});

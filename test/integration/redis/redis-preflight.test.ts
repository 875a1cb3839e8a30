import { Redis } from 'ioredis';
import { freePort, startRedis, type RunningEngine } from '../../../scripts/local-engines';
import { startRedisCluster } from '../../../scripts/redis-cluster';
import { parseNodeList } from '../../../core/platform/redis-topology';
import { KeySpace } from '../../../core/redis/key-space';
import { checkRedis } from '../../../core/redis/redis-preflight';
import { testTopology, uniquePrefix } from '../../support/test-env';

describe('the start-up check of Redis', () => {
  it('passes on the test run’s Redis, and again with the same QUEUE_SHARDS', async () => {
    const prefix = uniquePrefix('preflight');
    await expect(checkRedis(testTopology(), new KeySpace(prefix, 3))).resolves.toBeUndefined();
    await expect(checkRedis(testTopology(), new KeySpace(prefix, 3))).resolves.toBeUndefined();
  });

  it('refuses a QUEUE_SHARDS that differs from the one the deployment runs with', async () => {
    const prefix = uniquePrefix('preflight');
    await checkRedis(testTopology(), new KeySpace(prefix, 2));
    await expect(checkRedis(testTopology(), new KeySpace(prefix, 4))).rejects.toThrow(
      `QUEUE_SHARDS is 4 here but 2 for the processes that share QUEUE_PREFIX "${prefix}"`,
    );
  });

  it('names the Redis that does not answer', async () => {
    const port = await freePort();
    const topology = { kind: 'single' as const, url: `redis://127.0.0.1:${port}` };
    await expect(checkRedis(topology, new KeySpace('p', 1))).rejects.toThrow(
      `redis redis://127.0.0.1:${port} does not answer`,
    );
  });

  it('names the cluster node list that does not answer', async () => {
    const port = await freePort();
    const topology = { kind: 'cluster' as const, nodes: [{ host: '127.0.0.1', port }] };
    await expect(checkRedis(topology, new KeySpace('p', 1))).rejects.toThrow(
      `redis cluster 127.0.0.1:${port} does not answer`,
    );
  });

  describe('on a Redis that may evict keys', () => {
    let redis: RunningEngine;

    beforeAll(async () => {
      redis = await startRedis();
      const client = new Redis(redis.url);
      await client.config('SET', 'maxmemory-policy', 'allkeys-lru');
      client.disconnect();
    });
    afterAll(() => redis.stop());

    it('refuses to start, saying what to set', async () => {
      const topology = { kind: 'single' as const, url: redis.url };
      await expect(checkRedis(topology, new KeySpace('p', 1))).rejects.toThrow(
        /has maxmemory-policy allkeys-lru; funnel-sync needs noeviction/,
      );
    });
  });

  describe('on a Redis Cluster that lost a master no replica replaces', () => {
    let cluster: Awaited<ReturnType<typeof startRedisCluster>>;

    beforeAll(async () => {
      cluster = await startRedisCluster({ masters: 3, replicasPerMaster: 0 });
    });
    afterAll(() => cluster.stop());

    it('passes while every master serves, and refuses to start once one is gone', async () => {
      const topology = { kind: 'cluster' as const, nodes: parseNodeList(cluster.nodes) ?? [] };
      const keys = new KeySpace(uniquePrefix('preflight'), 3);
      await expect(checkRedis(topology, keys)).resolves.toBeUndefined();
      await cluster.killMaster(0);
      // Each check picks its first node at random; several make one that meets the dead master likely.
      for (let attempt = 0; attempt < 8; attempt += 1) {
        await expect(checkRedis(topology, keys)).rejects.toThrow(
          /master at 127\.0\.0\.1:\d+ does not answer|does not serve every slot/,
        );
      }
    });
  });
});

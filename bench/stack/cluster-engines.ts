/**
 * The engines of the cluster scenario's second stack: a Redis Cluster of its own on loopback
 * (scripts/redis-cluster.ts), and the main stack's MongoDB or DocumentDB in a database and queue
 * prefix of its own, dropped at the end with the cluster.
 */
import { startRedisCluster } from '../../scripts/redis-cluster';
import { withClient, type EngineVersion, type Engines } from './engines';

type RedisCluster = Awaited<ReturnType<typeof startRedisCluster>>;

export interface ClusterEngines extends Engines {
  cluster: RedisCluster;
}

export async function startClusterEngines(
  main: { mongoUrl: string; engine: EngineVersion },
  shape: { masters: number; replicasPerMaster: number },
): Promise<ClusterEngines> {
  const cluster = await startRedisCluster(shape);
  const url = new URL(main.mongoUrl);
  url.pathname = `/funnel_sync_bench_cluster_${Date.now().toString(36)}`;
  const mongoUrl = url.toString();
  return {
    cluster,
    // The product reads REDIS_CLUSTER_NODES instead; an empty REDIS_URL counts as unset.
    redisUrl: '',
    mongoUrl,
    queuePrefix: 'bench-cluster',
    version: main.engine,
    async stop() {
      try {
        await withClient(mongoUrl, (db) => db.dropDatabase());
      } finally {
        await cluster.stop();
      }
    },
  };
}

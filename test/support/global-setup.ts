/**
 * Starts the engines once for the whole test run, unless REDIS_URL and MONGO_URL name servers
 * the caller runs. Test files isolate themselves with their own database and queue prefix.
 * TEST_REDIS_TOPOLOGY=cluster or sentinel starts a multi-node Redis on loopback instead of the
 * single redis-server, and names it in REDIS_CLUSTER_NODES, or REDIS_SENTINELS and
 * REDIS_SENTINEL_MASTER, never REDIS_URL.
 */
import { startLocalEngines, startLocalMongo } from '../../scripts/local-engines';
import { startRedisCluster } from '../../scripts/redis-cluster';
import { startRedisSentinelGroup } from '../../scripts/redis-sentinel';

declare global {
  var __FUNNEL_SYNC_ENGINES__: { stop(): Promise<void> } | undefined;
}

const TOPOLOGIES = ['single', 'cluster', 'sentinel'] as const;
type Topology = (typeof TOPOLOGIES)[number];

function topology(): Topology {
  const asked = process.env.TEST_REDIS_TOPOLOGY || 'single';
  if (!(TOPOLOGIES as readonly string[]).includes(asked)) {
    throw new Error(`TEST_REDIS_TOPOLOGY=${asked}: expected one of ${TOPOLOGIES.join(', ')}`);
  }
  return asked as Topology;
}

export default async function globalSetup(): Promise<void> {
  const redisTopology = topology();
  if (redisTopology !== 'single') return startMultiNodeRedis(redisTopology);
  if (process.env.REDIS_URL && process.env.MONGO_URL) {
    process.env.TEST_ENGINE_NAME ??= 'external';
    return;
  }
  const engines = await startLocalEngines({ database: 'funnel-sync-test' });
  globalThis.__FUNNEL_SYNC_ENGINES__ = engines;
  process.env.REDIS_URL = engines.redisUrl;
  process.env.MONGO_URL = engines.mongoUrl;
  process.env.TEST_ENGINE_NAME = engines.engineName;
  console.log(
    `\n[test engines] redis ${engines.redisUrl}, ${engines.engineName} ${engines.mongoUrl}`,
  );
}

/** The cluster or Sentinel group, and the MongoDB engine unless MONGO_URL names one. */
async function startMultiNodeRedis(redisTopology: 'cluster' | 'sentinel'): Promise<void> {
  const started: Array<{ stop(): Promise<void> }> = [];
  const stop = async () => void (await Promise.all(started.map((engine) => engine.stop())));
  // A process refuses more than one of these: the topology started here is the one named.
  for (const name of ['REDIS_URL', 'REDIS_CLUSTER_NODES', 'REDIS_SENTINELS']) {
    delete process.env[name];
  }
  try {
    let redis: string;
    if (redisTopology === 'cluster') {
      const cluster = await startRedisCluster();
      started.push(cluster);
      process.env.REDIS_CLUSTER_NODES = cluster.nodes;
      redis = `cluster ${cluster.nodes}`;
    } else {
      const group = await startRedisSentinelGroup();
      started.push(group);
      process.env.REDIS_SENTINELS = group.sentinels;
      process.env.REDIS_SENTINEL_MASTER = group.masterName;
      redis = `sentinel ${group.sentinels}, master ${group.masterName}`;
    }
    if (!process.env.MONGO_URL) {
      const mongo = await startLocalMongo('funnel-sync-test');
      started.push(mongo);
      process.env.MONGO_URL = mongo.url;
      process.env.TEST_ENGINE_NAME = mongo.name;
    }
    process.env.TEST_ENGINE_NAME ??= 'external';
    const { TEST_ENGINE_NAME, MONGO_URL } = process.env;
    console.log(`\n[test engines] redis ${redis}, ${TEST_ENGINE_NAME} ${MONGO_URL}`);
  } catch (error) {
    // Jest runs no teardown after a set-up that failed.
    await stop();
    throw error;
  }
  globalThis.__FUNNEL_SYNC_ENGINES__ = { stop };
}

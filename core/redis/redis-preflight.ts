/**
 * What every process checks of Redis before it starts, so that a wrong set-up stops it with one
 * clear sentence instead of losing work later: Redis answers on the topology given; a cluster
 * serves every slot; every primary evicts nothing (`maxmemory-policy noeviction`: an evicted job,
 * body or lock would vanish without an error); and every process uses the same QUEUE_SHARDS (a
 * tenant's shard is its hash modulo the count, so two counts would split a tenant's requests).
 */
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { describeTopology, type RedisTopology } from '../platform/redis-topology';
import type { KeySpace } from './key-space';

const CONNECT_TIMEOUT_MS = 3_000;

class RedisPreflightError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedisPreflightError';
  }
}

/** One try, no retries: a start-up check says at once what is wrong. */
function probe(topology: RedisTopology): Redis | Cluster {
  const once: RedisOptions = {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectionName: 'funnel-sync:start-check',
  };
  switch (topology.kind) {
    case 'single':
      return new Redis(topology.url, { ...once, enableOfflineQueue: false });
    case 'cluster':
      return new Cluster(topology.nodes, {
        lazyConnect: true,
        clusterRetryStrategy: () => null,
        // checkCluster asks every master itself and says which one is down.
        enableReadyCheck: false,
        redisOptions: { ...once, username: topology.username, password: topology.password },
      });
    case 'sentinel':
      return new Redis({
        ...once,
        enableOfflineQueue: false,
        sentinels: topology.sentinels,
        name: topology.masterName,
        username: topology.username,
        password: topology.password,
        sentinelRetryStrategy: () => null,
      });
  }
}

/**
 * Connects, or rejects once the client gives up: a cluster whose first check fails ends without
 * settling the promise connect() returned.
 */
async function connectOnce(client: Redis | Cluster): Promise<void> {
  let onEnd = () => {};
  const ended = new Promise<never>((_, reject) => {
    onEnd = () => reject(new Error('the connection ended'));
    client.once('end', onEnd);
  });
  try {
    await Promise.race([client.connect(), ended]);
  } finally {
    client.off('end', onEnd);
  }
}

/** A field of INFO or CLUSTER INFO's `name:value` lines. */
function field(text: string, name: string): string | undefined {
  return new RegExp(`^${name}:(.*)$`, 'm').exec(text)?.[1]?.trim();
}

const where = (node: Redis) => `${node.options.host ?? '?'}:${node.options.port ?? '?'}`;

/** Every master answers, and the cluster serves every slot. */
async function checkCluster(cluster: Cluster): Promise<Redis[]> {
  const masters = cluster.nodes('master');
  let info = '';
  for (const master of masters) {
    try {
      info = String(await master.call('CLUSTER', 'INFO'));
    } catch (error) {
      throw new RedisPreflightError(
        `the Redis Cluster master at ${where(master)} does not answer ` +
          `(${(error as Error).message}): a master is down`,
      );
    }
  }
  const state = field(info, 'cluster_state');
  const assigned = Number(field(info, 'cluster_slots_assigned'));
  const failing = Number(field(info, 'cluster_slots_fail'));
  if (state !== 'ok' || assigned !== 16_384 || failing > 0) {
    throw new RedisPreflightError(
      `the Redis Cluster does not serve every slot (cluster_state:${state}, ` +
        `${assigned} of 16384 slots assigned, ${failing} failing): a master is down or missing`,
    );
  }
  return masters;
}

async function checkNoEviction(primaries: Redis[]): Promise<void> {
  for (const primary of primaries) {
    const policy = field(String(await primary.info('memory')), 'maxmemory_policy');
    if (policy !== 'noeviction') {
      throw new RedisPreflightError(
        `Redis at ${where(primary)} has maxmemory-policy ${policy ?? 'unknown'}; funnel-sync needs ` +
          'noeviction (an evicted job, request body or lock would be lost without an error): ' +
          'set it with CONFIG SET maxmemory-policy noeviction and in redis.conf',
      );
    }
  }
}

async function checkShardCount(client: Redis | Cluster, keys: KeySpace): Promise<void> {
  const key = keys.global('queue-shards');
  const count = String(keys.shards.count);
  await client.set(key, count, 'NX');
  const agreed = await client.get(key);
  if (agreed !== count) {
    throw new RedisPreflightError(
      `QUEUE_SHARDS is ${count} here but ${agreed ?? 'unset'} for the processes that share ` +
        `QUEUE_PREFIX "${keys.prefix}": every process must use the same count. To change it, ` +
        `drain the queues, stop every process and delete the key ${key} (docs/scaling.md)`,
    );
  }
}

/** Resolves when Redis is fit to run on; rejects with a RedisPreflightError saying why not. */
export async function checkRedis(topology: RedisTopology, keys: KeySpace): Promise<void> {
  const client = probe(topology);
  // The connection's own error says why (refused, timed out); the rejection only that it closed.
  let cause: Error | undefined;
  client.on('error', (error: Error) => (cause ??= error));
  try {
    try {
      await connectOnce(client);
      await client.ping();
    } catch (error) {
      const why = (cause ?? (error as Error)).message;
      throw new RedisPreflightError(`${describeTopology(topology)} does not answer (${why})`);
    }
    const primaries = client instanceof Cluster ? await checkCluster(client) : [client];
    await checkNoEviction(primaries);
    await checkShardCount(client, keys);
  } finally {
    client.disconnect();
  }
}

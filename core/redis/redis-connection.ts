/**
 * Redis connections on any topology, in the two flavours BullMQ needs:
 * - `command`: for producers and health checks. Commands fail at once while Redis is away
 *   (no offline queue), so a request gets a 503 in milliseconds instead of hanging.
 * - `blocking`: for workers and the API's job replies, which wait on Redis by design and must retry
 *   forever.
 */
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { RedisTopology } from '../platform/redis-topology';
import { SentinelClient } from './sentinel-client';

export type RedisPurpose = 'command' | 'blocking';

/** A connection to a single server or a Sentinel-watched primary, or to a whole cluster. */
export type RedisClient = Redis | Cluster;

const RECONNECT_CEILING_MS = 1_000;

/** Per-server options; a cluster applies them to the connection of each of its nodes. */
function redisOptions(purpose: RedisPurpose): RedisOptions {
  const shared: RedisOptions = {
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_CEILING_MS),
  };
  return purpose === 'command'
    ? { ...shared, maxRetriesPerRequest: 1, enableOfflineQueue: false }
    : { ...shared, maxRetriesPerRequest: null, enableOfflineQueue: true };
}

function clusterOptions(purpose: RedisPurpose, server: RedisOptions): ClusterOptions {
  return {
    redisOptions: server,
    enableOfflineQueue: purpose === 'blocking',
    clusterRetryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_CEILING_MS),
    // While a master fails over, its slots answer CLUSTERDOWN or move: ask again shortly.
    retryDelayOnClusterDown: 200,
    retryDelayOnFailover: 200,
    slotsRefreshTimeout: 2_000,
  };
}

export function createRedis(
  topology: RedisTopology,
  purpose: RedisPurpose,
  name: string,
): RedisClient {
  const server: RedisOptions = { ...redisOptions(purpose), connectionName: `funnel-sync:${name}` };
  switch (topology.kind) {
    case 'single':
      return new Redis(topology.url, server);
    case 'cluster': {
      const { username, password } = topology;
      return new Cluster(
        topology.nodes,
        clusterOptions(purpose, { ...server, username, password }),
      );
    }
    case 'sentinel':
      return new SentinelClient({
        ...server,
        sentinels: topology.sentinels,
        name: topology.masterName,
        username: topology.username,
        password: topology.password,
        // Follows a promotion as Sentinel announces it, not only after the old primary is gone.
        failoverDetector: true,
        sentinelRetryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_CEILING_MS),
      });
  }
}

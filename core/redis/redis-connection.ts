/**
 * Redis connections, in the two flavours BullMQ needs:
 * - `command`: for producers and health checks. Commands fail at once while Redis is away
 *   (no offline queue), so a request gets a 503 in milliseconds instead of hanging.
 * - `blocking`: for workers and queue events, which wait on Redis by design and must retry forever.
 */
import { Redis, type RedisOptions } from 'ioredis';

export type RedisPurpose = 'command' | 'blocking';

const RECONNECT_CEILING_MS = 1_000;

export function redisOptions(purpose: RedisPurpose): RedisOptions {
  const shared: RedisOptions = {
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_CEILING_MS),
  };
  return purpose === 'command'
    ? { ...shared, maxRetriesPerRequest: 1, enableOfflineQueue: false }
    : { ...shared, maxRetriesPerRequest: null, enableOfflineQueue: true };
}

export function createRedis(url: string, purpose: RedisPurpose, name: string): Redis {
  return new Redis(url, { ...redisOptions(purpose), connectionName: `funnel-sync:${name}` });
}

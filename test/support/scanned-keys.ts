/** Every key under a prefix, found with SCAN on each primary (one server, or each of a Cluster's). */
import { Cluster, type Redis } from 'ioredis';
import type { RedisClient } from '../../core/redis/redis-connection';

export async function scannedKeys(redis: RedisClient, prefix: string): Promise<string[]> {
  const nodes: Redis[] = redis instanceof Cluster ? redis.nodes('master') : [redis];
  const found: string[] = [];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1_000);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
  return found;
}

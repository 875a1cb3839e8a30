/** Per-test-file isolation on shared engines: a database and a queue prefix of its own. */
import { randomBytes } from 'node:crypto';
import { KeySpace } from '../../core/redis/key-space';
import { createRedis, type RedisClient } from '../../core/redis/redis-connection';
import {
  parseNodeList,
  redisTopology,
  type RedisTopology,
} from '../../core/platform/redis-topology';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-bytes-long';

/** The Redis the global set-up started: one server, a cluster or a Sentinel group. */
const REDIS_VARIABLES = [
  'REDIS_URL',
  'REDIS_CLUSTER_NODES',
  'REDIS_SENTINELS',
  'REDIS_SENTINEL_MASTER',
] as const;

function required(name: 'MONGO_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the jest global set-up should have set it`);
  return value;
}

/** The Redis variables of the test run, as a process of it is given them. */
export function redisEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of REDIS_VARIABLES) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  if (Object.keys(env).length === 0) {
    throw new Error('no Redis is set: the jest global set-up should have set REDIS_URL or another');
  }
  env.QUEUE_SHARDS = process.env.QUEUE_SHARDS ?? '1';
  return env;
}

export function testTopology(): RedisTopology {
  const env = redisEnv();
  const nodes = (name: string) => (env[name] ? parseNodeList(env[name]) : undefined);
  return redisTopology({
    REDIS_URL: env.REDIS_URL,
    REDIS_CLUSTER_NODES: nodes('REDIS_CLUSTER_NODES'),
    REDIS_SENTINELS: nodes('REDIS_SENTINELS'),
    REDIS_SENTINEL_MASTER: env.REDIS_SENTINEL_MASTER,
  });
}

/**
 * The Redis variables of a test that runs a Redis of its own: `own` names it, and the test run's
 * (another topology, maybe) are blanked, which the configuration reads as unset.
 */
export function ownRedisEnv(own: Partial<Record<(typeof REDIS_VARIABLES)[number], string>>) {
  const blanks = Object.fromEntries(REDIS_VARIABLES.map((name) => [name, '']));
  return { ...blanks, ...own };
}

/** A connection to the test run's Redis that waits out outages (ioredis' own default). */
export function testRedis(name = 'test'): RedisClient {
  return createRedis(testTopology(), 'blocking', name);
}

/** Where the keys of a deployment with QUEUE_PREFIX `prefix` live in the test run's Redis. */
export function testKeys(prefix: string): KeySpace {
  return new KeySpace(prefix, Number(redisEnv().QUEUE_SHARDS));
}

/** MONGO_URL with its database replaced by a fresh one named after `label`. */
export function uniqueMongoUrl(label: string): string {
  const url = new URL(required('MONGO_URL'));
  url.pathname = `/t_${label.replace(/[^a-z0-9]/gi, '_').slice(0, 20)}_${randomBytes(3).toString('hex')}`;
  return url.toString();
}

export function uniquePrefix(label: string): string {
  return `t-${label.replace(/[^a-z0-9]/gi, '-').slice(0, 20)}-${randomBytes(3).toString('hex')}`;
}

/** The environment of one isolated deployment: API and worker processes that share it meet. */
export interface IsolatedEnv extends Record<string, string> {
  MONGO_URL: string;
  QUEUE_PREFIX: string;
  JWT_SECRET: string;
}

export function isolatedEnv(label: string): IsolatedEnv {
  return {
    ...redisEnv(),
    MONGO_URL: uniqueMongoUrl(label),
    QUEUE_PREFIX: uniquePrefix(label),
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'info',
  };
}

/**
 * A content type's write lock (core/items/write-lock.ts) seen from a test: whether it is held, and
 * the lock taken by the test and held until it calls `release`: a funnel request to that content
 * type is mapped and checked, then its job waits for the lock, holding its worker's slot, for as
 * long as the test decides.
 *
 * It is held as a holder that stopped renewing would hold it: the lock's key, set with a lease
 * far longer than any test, and deleted on release. A lock held through the mutex itself lives on
 * a 2 s lease that the test process renews; on a machine busy enough to delay that renewal, the
 * lease would run out and the job go on before the test lets it.
 */
import { writeLockKey } from '../../core/items/write-lock';
import type { RedisClient } from '../../core/redis/redis-connection';
import { testKeys, testRedis } from './test-env';

export interface HeldWriteLock {
  /** Lets the lock go, for the waiting job to take. */
  release(): Promise<void>;
}

/** The mutex library (redis-semaphore) keeps a mutex under its name with this prefix. */
const MUTEX_KEY_PREFIX = 'mutex:';
const HELD_FOR_MS = 10 * 60 * 1000;

/** Where the mutex of `contentType` of `tenant` lives in the deployment of `env`. */
function mutexKey(env: { QUEUE_PREFIX?: string }, tenant: string, contentType: string): string {
  return MUTEX_KEY_PREFIX + writeLockKey(testKeys(env.QUEUE_PREFIX ?? ''), tenant, contentType);
}

/** Whether anyone (a worker's write, or a test) holds the lock of `contentType` of `tenant`. */
export async function isWriteLockHeld(
  redis: RedisClient,
  env: { QUEUE_PREFIX?: string },
  tenant: string,
  contentType: string,
): Promise<boolean> {
  return (await redis.exists(mutexKey(env, tenant, contentType))) === 1;
}

/** Takes the lock of `contentType` of `tenant` in the deployment of `env` and holds it. */
export async function holdWriteLock(
  env: { QUEUE_PREFIX?: string },
  tenant: string,
  contentType: string,
): Promise<HeldWriteLock> {
  const redis = testRedis('test-write-lock');
  const key = mutexKey(env, tenant, contentType);
  const taken = await redis.set(key, 'held-by-test', 'PX', HELD_FOR_MS, 'NX');
  if (taken !== 'OK') {
    redis.disconnect();
    throw new Error(`the write lock of ${tenant}/${contentType} is held already`);
  }
  let done: Promise<void> | undefined;
  return {
    release: () =>
      (done ??= (async () => {
        await redis.del(key);
        redis.disconnect();
      })()),
  };
}

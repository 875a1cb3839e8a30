/**
 * A content type's write lock (core/items/write-lock.ts), taken by the test and held until it
 * calls `release`: a funnel request to that content type is mapped and checked, then its job
 * waits for the lock, holding its worker's slot, for as long as the test decides.
 */
import { redisWriteLock } from '../../core/items/write-lock';
import { createLogger } from '../../core/platform/logger';
import { createRedis } from '../../core/redis/redis-connection';

export interface HeldWriteLock {
  /** Lets the lock go, for the waiting job to take. */
  release(): Promise<void>;
}

/** Takes the lock of `contentType` of `tenant` in the deployment of `env` and holds it. */
export async function holdWriteLock(
  env: { REDIS_URL?: string; QUEUE_PREFIX?: string },
  tenant: string,
  contentType: string,
): Promise<HeldWriteLock> {
  const redis = createRedis(env.REDIS_URL ?? '', 'blocking', 'test-write-lock');
  const lock = redisWriteLock(redis, env.QUEUE_PREFIX ?? '', createLogger('test', 'silent'));
  let taken!: () => void;
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (taken = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = lock.around(tenant, contentType, async () => {
    taken();
    await released;
  });
  // A lock that cannot be taken fails here, not as a test that waits for nothing.
  await Promise.race([holding, held]);
  let done: Promise<void> | undefined;
  return {
    release: () =>
      (done ??= (async () => {
        release();
        await held;
        redis.disconnect();
      })()),
  };
}

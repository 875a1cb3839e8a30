/**
 * A Redis mutex held on a lease that its holder renews well before it runs out: the lock of a
 * process killed while holding it blocks the others for one lease at most. The lease is ten
 * renewals long, so that a holder whose event loop stalls for seconds (a large batch parsed on a
 * busy machine) keeps it.
 */
import type { RedisClient } from './redis-connection';
import { Mutex } from 'redis-semaphore';
import type { Logger } from '../platform/logger';

const LEASE_MS = 10_000;
const RENEW_EVERY_MS = 1_000;

export interface LeasedMutexOptions {
  /** How long to wait for the holder before giving up (redis-semaphore's TimeoutError). */
  acquireTimeoutMs: number;
  retryIntervalMs: number;
  /**
   * Whether `work`'s caller waits for the release. Not waiting lets it go on at once: commands on
   * one connection run in order, so this process's next acquire still comes after the release.
   */
  awaitRelease: boolean;
  /** The lock's name in its log lines ("write lock lost"), and what else they carry. */
  name: string;
  logged: Record<string, unknown>;
  /** Stops the wait for the lock (a job handed back at shutdown); the wait then throws its reason. */
  signal?: AbortSignal;
}

/** What the holder's log lines say, and whether its caller waits for the release. */
type HolderOptions = Pick<LeasedMutexOptions, 'awaitRelease' | 'name' | 'logged'>;

export async function withLeasedMutex<T>(
  redis: RedisClient,
  key: string,
  logger: Logger,
  options: LeasedMutexOptions,
  work: () => Promise<T>,
): Promise<T> {
  const mutex = leasedMutex(redis, key, logger, options, {
    acquireTimeout: options.acquireTimeoutMs,
    retryInterval: options.retryIntervalMs,
  });
  await mutex.acquire(options.signal);
  return holding(mutex, logger, options, work);
}

/** `work`'s value, run holding the mutex; or `{ ran: false }` when another holds it: no wait. */
export type IfFree<T> = { ran: true; value: T } | { ran: false };

export async function withLeasedMutexIfFree<T>(
  redis: RedisClient,
  key: string,
  logger: Logger,
  options: HolderOptions,
  work: () => Promise<T>,
): Promise<IfFree<T>> {
  const mutex = leasedMutex(redis, key, logger, options, {
    acquireAttemptsLimit: 1,
    retryInterval: 0,
  });
  if (!(await mutex.tryAcquire())) return { ran: false };
  return { ran: true, value: await holding(mutex, logger, options, work) };
}

function leasedMutex(
  redis: RedisClient,
  key: string,
  logger: Logger,
  options: HolderOptions,
  waiting: { acquireTimeout?: number; acquireAttemptsLimit?: number; retryInterval: number },
): Mutex {
  return new Mutex(redis, key, {
    lockTimeout: LEASE_MS,
    refreshInterval: RENEW_EVERY_MS,
    ...waiting,
    onLockLost: (error) => logger.error({ err: error, ...options.logged }, `${options.name} lost`),
  });
}

async function holding<T>(
  mutex: Mutex,
  logger: Logger,
  options: HolderOptions,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } finally {
    const released = mutex.release().catch((error: unknown) => {
      logger.warn(
        { err: error, ...options.logged },
        `${options.name} not released; it expires by itself`,
      );
    });
    if (options.awaitRelease) await released;
  }
}

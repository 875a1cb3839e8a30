/**
 * Serializes the writes and deletes of one content type: each compares the items with those
 * stored to tell what changed, and its changes are numbered and recorded in the order made.
 * Different content types and tenants write in parallel. Each write is a transaction, which keeps
 * it whole but not apart from others: a DELETE and an older POST running at once each read what
 * the other changes and write different documents, so both would commit and the item the DELETE
 * named would stay; and two writers of one item would run whole requests again. Figures and the
 * way on (a read-write lock) in docs/storage.md#the-write-lock.
 */
import type { RedisClient } from '../redis/redis-connection';
import type { KeySpace } from '../redis/key-space';
import { TimeoutError } from 'redis-semaphore';
import { withLeasedMutex } from '../redis/leased-mutex';
import { causeChain } from '../platform/cause-chain';
import type { Logger } from '../platform/logger';

export interface WriteLock {
  /**
   * Runs `write` while no other process writes the same content type. `signal` stops the wait
   * for another's writes: a job handed back at shutdown does not wait for them.
   */
  around<T>(
    tenant: string,
    contentType: string,
    write: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T>;
}

/** No lock: for a single writer (tests and tools that write from one process alone). */
export const NO_WRITE_LOCK: WriteLock = { around: (_tenant, _contentType, write) => write() };

/** The Redis key of a content type's lock (before the mutex library's own prefix). */
export const writeLockKey = (keys: KeySpace, tenant: string, contentType: string): string =>
  `${keys.ofTenant(tenant)}:write-lock:${JSON.stringify([tenant, contentType])}`;

/** A request waits this long for another's writes before its job fails and is retried. */
const ACQUIRE_TIMEOUT_MS = 120_000;

export function redisWriteLock(redis: RedisClient, keys: KeySpace, logger: Logger): WriteLock {
  return {
    around(tenant, contentType, write, signal) {
      const key = writeLockKey(keys, tenant, contentType);
      // The release is not waited for: the request goes on to its history record meanwhile.
      const options = {
        acquireTimeoutMs: ACQUIRE_TIMEOUT_MS,
        retryIntervalMs: 5,
        name: 'write lock',
        awaitRelease: false,
        logged: { contentType },
        ...(signal ? { signal } : {}),
      };
      return withLeasedMutex(redis, key, logger, options, write);
    },
  };
}

/** Whether a request failed because others held its content type's lock for too long. */
export function isWriteLockBusy(error: unknown): boolean {
  return causeChain(error).some((cause) => cause instanceof TimeoutError);
}

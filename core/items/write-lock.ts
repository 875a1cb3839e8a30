/**
 * Serializes the writes of concurrent requests to one content type where the engine cannot guard
 * an upsert atomically (FerretDB v1 scans for any filter but `{_id}`, so the receive-time guard
 * is a read followed by `_id`-only writes). On MongoDB the guard is part of each upsert's filter
 * and no lock is taken. The engine serializes writers anyway (SQLite has one writer at a time), so
 * the lock costs little there.
 */
import type { Redis } from 'ioredis';
import { Mutex, TimeoutError } from 'redis-semaphore';
import { causeChain } from '../errors/cause-chain';
import type { Logger } from '../logging/logger';

export interface WriteLock {
  /** Runs `write` while no other process writes the same content type. */
  around<T>(tenant: string, contentType: string, write: () => Promise<T>): Promise<T>;
}

/** MongoDB: upserts carry their own guard. */
export const NO_WRITE_LOCK: WriteLock = { around: (_tenant, _contentType, write) => write() };

/**
 * A short lease, renewed by its holder well before it runs out: the lock of a worker killed
 * while holding it blocks its content type for one lease at most.
 */
const LEASE_MS = 2_000;
const RENEW_EVERY_MS = 500;
/** A request waits this long for another's writes before its job fails and is retried. */
const ACQUIRE_TIMEOUT_MS = 120_000;

export function redisWriteLock(redis: Redis, prefix: string, logger: Logger): WriteLock {
  return {
    async around(tenant, contentType, write) {
      const key = `${prefix}:write-lock:${JSON.stringify([tenant, contentType])}`;
      const mutex = new Mutex(redis, key, {
        lockTimeout: LEASE_MS,
        refreshInterval: RENEW_EVERY_MS,
        acquireTimeout: ACQUIRE_TIMEOUT_MS,
        retryInterval: 5,
        onLockLost: (error) => logger.error({ err: error, contentType }, 'write lock lost'),
      });
      await mutex.acquire();
      try {
        return await write();
      } finally {
        // Not awaited: the request goes on to its history record meanwhile. Commands on one
        // connection run in order, so this process's next acquire comes after the release;
        // one that fails leaves the lock to expire after one lease.
        mutex.release().catch((error: unknown) => {
          logger.warn({ err: error, contentType }, 'write lock not released; it expires by itself');
        });
      }
    },
  };
}

/** Whether a request failed because others held its content type's lock for too long. */
export function isWriteLockBusy(error: unknown): boolean {
  return causeChain(error).some((cause) => cause instanceof TimeoutError);
}

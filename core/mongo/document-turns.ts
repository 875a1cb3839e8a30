/**
 * Writers of one document taking turns, where the engine's single-document updates are not
 * atomic. FerretDB v1 (SQLite) applies an update by reading the document, changing it and writing
 * it back whole, without keeping out a concurrent update of the same document: of two writers of
 * different fields, one loses its change (two loops of 200 conditional updates on one document,
 * one field each, left one of the fields at 3). MongoDB's single-document updates are atomic, so
 * there no turns are taken and nothing waits.
 */
import type { Redis } from 'ioredis';
import { Mutex } from 'redis-semaphore';
import type { Logger } from '../logging/logger';
import type { EngineTraits } from './engine';

export interface DocumentTurns {
  /** Runs `write` while no other process writes the document named `key`. */
  around<T>(key: string, write: () => Promise<T>): Promise<T>;
}

/** Atomic single-document updates: nothing to wait for. */
export const NO_TURNS: DocumentTurns = { around: (_key, write) => write() };

/** A short lease, renewed by its holder: a dead holder blocks the document for one lease at most. */
const LEASE_MS = 2_000;
const RENEW_EVERY_MS = 500;
const ACQUIRE_TIMEOUT_MS = 30_000;

export function redisDocumentTurns(redis: Redis, prefix: string, logger: Logger): DocumentTurns {
  return {
    async around(key, write) {
      const mutex = new Mutex(redis, `${prefix}:document-turns:${key}`, {
        lockTimeout: LEASE_MS,
        refreshInterval: RENEW_EVERY_MS,
        acquireTimeout: ACQUIRE_TIMEOUT_MS,
        retryInterval: 2,
        onLockLost: (error) => logger.error({ err: error, key }, 'document turn lost'),
      });
      await mutex.acquire();
      try {
        return await write();
      } finally {
        await mutex.release().catch((error: unknown) => {
          logger.warn({ err: error, key }, 'document turn not released; it expires by itself');
        });
      }
    },
  };
}

/** Turns where the engine needs them. */
export function documentTurnsFor(
  engine: EngineTraits,
  redis: Redis,
  prefix: string,
  logger: Logger,
): DocumentTurns {
  return engine.atomicDocumentUpdates ? NO_TURNS : redisDocumentTurns(redis, prefix, logger);
}

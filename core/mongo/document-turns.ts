/**
 * Writers of one document taking turns, where the engine's single-document updates are not
 * atomic. FerretDB v1 (SQLite) applies an update by reading the document, changing it and writing
 * it back whole, without keeping out a concurrent update of the same document: of two writers of
 * different fields, one loses its change (two loops of 200 conditional updates on one document,
 * one field each, left one of the fields at 3). MongoDB's single-document updates are atomic, so
 * there no turns are taken and nothing waits.
 */
import type { Redis } from 'ioredis';
import { withLeasedMutex } from '../queue/leased-mutex';
import type { Logger } from '../logging/logger';
import type { EngineTraits } from './engine';

export interface DocumentTurns {
  /** Runs `write` while no other process writes the document named `key`. */
  around<T>(key: string, write: () => Promise<T>): Promise<T>;
}

/** Atomic single-document updates: nothing to wait for. */
export const NO_TURNS: DocumentTurns = { around: (_key, write) => write() };

const ACQUIRE_TIMEOUT_MS = 30_000;

export function redisDocumentTurns(redis: Redis, prefix: string, logger: Logger): DocumentTurns {
  return {
    around(key, write) {
      const options = {
        acquireTimeoutMs: ACQUIRE_TIMEOUT_MS,
        retryIntervalMs: 2,
        name: 'document turn',
        awaitRelease: true,
        logged: { document: key },
      };
      return withLeasedMutex(redis, `${prefix}:document-turns:${key}`, logger, options, write);
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

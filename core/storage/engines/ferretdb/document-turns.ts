/**
 * Updates of one document taking turns: FerretDB v1 (SQLite) applies an update by reading the
 * document, changing it and writing it back whole, without keeping out a concurrent update of
 * the same document, so of two writers of different fields one may lose its change (two loops of
 * 200 conditional updates on one document, one field each, left one of the fields at 3). Each
 * update here waits for the others of its document, by a Redis mutex per document.
 */
import type { RedisClient } from '../../../redis/redis-connection';
import type { KeySpace } from '../../../redis/key-space';
import type { Logger } from '../../../platform/logger';
import type { DocumentUpdates } from '../../../mongo/document-updates';
import { withLeasedMutex } from '../../../redis/leased-mutex';

const ACQUIRE_TIMEOUT_MS = 30_000;

export function documentTurns(redis: RedisClient, keys: KeySpace, logger: Logger): DocumentUpdates {
  const inTurn = <T>(collection: string, _id: string, write: () => Promise<T>): Promise<T> => {
    const options = {
      acquireTimeoutMs: ACQUIRE_TIMEOUT_MS,
      retryIntervalMs: 2,
      name: 'document turn',
      awaitRelease: true,
      logged: { collection, document: _id },
    };
    const key = keys.global(`document-turns:${collection}:${_id}`);
    return withLeasedMutex(redis, key, logger, options, write);
  };
  return {
    updateOne: (collection, filter, update) =>
      inTurn(collection.collectionName, filter._id, () => collection.updateOne(filter, update)),
    findOneAndUpdate: (collection, filter, update) =>
      inTurn(collection.collectionName, filter._id, () =>
        collection.findOneAndUpdate(filter, update, { returnDocument: 'after' }),
      ),
  };
}

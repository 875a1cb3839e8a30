/**
 * FerretDB v1 (SQLite), the engine tests and `npm run dev` run on (docs/storage.md#ferretdb-v1):
 * it serves no filter but `{_id}` from SQL, caps an update command under 100 statements, may
 * lose one of two concurrent updates of a document, and refuses TTL indexes. Its adapter reads by
 * `_id` or scans once where MongoDB's uses an index, sends writes in slices, makes updates of a
 * document take turns, and leaves expiry to the worker's periodic purge.
 */
import type { mongo } from 'mongoose';
import type { ItemCollections } from '../../../items/item-collections';
import type { ItemStats } from '../../../items/item-stats';
import type { Logger } from '../../../platform/logger';
import { collectionsOf, type Collections } from '../../collections';
import { SERVICE_INDEXES } from '../../indexes';
import type { StorageEngine } from '../storage-engine';
import { documentTurns } from './document-turns';
import { purgeExpired } from './expiry-purge';
import { ferretDbBatches } from './ferretdb-batches';
import { ferretDbChangeBatches, type ChangeHeadDocument } from './ferretdb-change-batches';
import { FerretDbItemWriter } from './ferretdb-item-writer';

export interface FerretDbEngineOptions {
  version: string;
  db: mongo.Db;
}

export function ferretDbEngine(options: FerretDbEngineOptions): StorageEngine {
  const batches = ferretDbBatches();
  return {
    name: 'ferretdb',
    version: options.version,
    batches,
    documentUpdates: ({ redis, keys, logger }) => documentTurns(redis, keys, logger),
    changeBatches: ferretDbChangeBatches(options.db.collection<ChangeHeadDocument>('change_heads')),
    feedCollections: collectionsOf(options.db),
    itemWriter: (db: Pick<ItemCollections, 'items'>, stats: ItemStats) =>
      new FerretDbItemWriter(db, stats, batches),
    ensureIndexes,
    purgeExpired,
  };
}

/** Every index but the TTL ones, which it refuses: those documents go by the periodic purge. */
async function ensureIndexes(db: Collections, logger: Logger): Promise<'periodic-purge'> {
  const plain = SERVICE_INDEXES.filter((index) => !index.expires);
  await Promise.all(
    plain.map(({ collection, key, name, unique }) =>
      db[collection].createIndex(key, { name, ...(unique ? { unique } : {}) }),
    ),
  );
  logger.debug('FerretDB v1 has no TTL indexes: expired documents go by the periodic purge');
  return 'periodic-purge';
}

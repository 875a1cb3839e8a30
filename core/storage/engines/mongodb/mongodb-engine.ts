/**
 * MongoDB (7+, a replica set or a sharded cluster; or DocumentDB): lookups are indexed `$in`s, a
 * request's writes one bulkWrite, expiry TTL indexes, and the change feed reads at read concern
 * `majority`.
 */
import type { mongo } from 'mongoose';
import type { ItemStats } from '../../../items/item-stats';
import type { ItemCollections } from '../../../items/item-collections';
import { collectionsOf } from '../../collections';
import type { StorageEngine } from '../storage-engine';
import { MONGODB_BATCHES } from './mongodb-batches';
import { MONGODB_CHANGE_BATCHES } from './mongodb-change-batches';
import { createIndexes, indexStates } from './mongodb-indexes';
import { MongoDbItemWriter } from './mongodb-item-writer';

export interface MongoDbEngineOptions {
  version: string;
  db: mongo.Db;
}

export function mongoDbEngine(options: MongoDbEngineOptions): StorageEngine {
  const feedReads = { readConcern: { level: 'majority' as const } };
  return {
    version: options.version,
    batches: MONGODB_BATCHES,
    changeBatches: MONGODB_CHANGE_BATCHES,
    feedCollections: collectionsOf(options.db, feedReads),
    itemWriter: (db: Pick<ItemCollections, 'items'>, stats: ItemStats) =>
      new MongoDbItemWriter(db, stats),
    indexStates,
    createIndexes,
  };
}

/**
 * MongoDB (7+, a replica set or a sharded cluster; or DocumentDB): lookups are indexed `$in`s, a
 * request's writes one bulkWrite, expiry TTL indexes, and the change feed reads at read concern
 * `majority`.
 */
import type { mongo } from 'mongoose';
import type { Logger } from '../../../platform/logger';
import type { ItemStats } from '../../../items/item-stats';
import type { ItemCollections } from '../../../items/item-collections';
import { collectionsOf, type Collections } from '../../collections';
import { SERVICE_INDEXES, type ServiceIndex } from '../../indexes';
import type { StorageEngine } from '../storage-engine';
import { MONGODB_BATCHES } from './mongodb-batches';
import { MONGODB_CHANGE_BATCHES } from './mongodb-change-batches';
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
    ensureIndexes,
  };
}

async function ensureIndexes(db: Collections, _logger: Logger): Promise<void> {
  await Promise.all(
    SERVICE_INDEXES.map((index) =>
      db[index.collection].createIndex(index.key, mongoIndexOptions(index)),
    ),
  );
}

/** How MongoDB creates one of the service's indexes: an expiring one as a TTL index. */
export function mongoIndexOptions(index: ServiceIndex): mongo.CreateIndexesOptions {
  return {
    name: index.name,
    ...(index.unique ? { unique: true } : {}),
    // Each document holds its own expiry: it goes once `expiresAt` has passed.
    ...(index.expires ? { expireAfterSeconds: 0 } : {}),
  };
}

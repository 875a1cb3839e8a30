/**
 * The storage engine: everything that differs between MongoDB and the engine the tests run on
 * (FerretDB v1), behind one port per concern, implemented once per engine and chosen once at
 * start-up (open-storage-engine.ts). The rest of the code asks for the port it needs and never
 * for the engine. MongoDB is the product's engine: its adapter sends plain commands, and the
 * FerretDB adapter carries whatever FerretDB v1 needs (docs/storage.md#engines).
 */
import type { RedisClient } from '../../redis/redis-connection';
import type { KeySpace } from '../../redis/key-space';
import type { ChangeBatchIndex } from '../../changes/change-batch-index';
import type { ItemStorage } from '../../items/engine-writer';
import type { Logger } from '../../platform/logger';
import type { BatchOperations } from '../../mongo/batch-operations';
import type { DocumentUpdates } from '../../mongo/document-updates';
import type { Collections } from '../collections';
import type { Expiry } from '../indexes';

export interface StorageEngine extends ItemStorage {
  readonly name: 'mongodb' | 'ferretdb';
  readonly version: string;
  /** A request's lookups and writes, in as few commands as the engine takes. */
  readonly batches: BatchOperations;
  /**
   * Updates of a document that several processes change at once; `locks`: where they wait for
   * each other, on an engine that needs it.
   */
  documentUpdates(locks: DocumentLocks): DocumentUpdates;
  /** How the change log's batches are found. */
  readonly changeBatches: ChangeBatchIndex;
  /**
   * The collections the change feed reads: at read concern `majority` where the server
   * replicates, so that a reader is never told of a change a failover could take back.
   */
  readonly feedCollections: Collections;
  /** Creates the service's indexes (core/storage/indexes.ts); answers how expired documents go. */
  ensureIndexes(db: Collections, logger: Logger): Promise<Expiry>;
  /**
   * Deletes the documents whose `expiresAt` has passed, where expiry is a `periodic-purge`;
   * answers how many. Where TTL indexes do it, nothing.
   */
  purgeExpired(db: Collections, now: Date): Promise<number>;
}

/** Where updates of one document wait for each other (a Redis of the deployment). */
interface DocumentLocks {
  redis: RedisClient;
  keys: KeySpace;
  logger: Logger;
}

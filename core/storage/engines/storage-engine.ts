/**
 * The storage engine: how the service reads and writes MongoDB (7+, or DocumentDB), one port per
 * concern, built once at start-up (open-storage-engine.ts). The rest of the code asks for the
 * port it needs (docs/storage.md#engines).
 */
import type { ChangeBatchIndex } from '../../changes/change-batch-index';
import type { ItemStorage } from '../../items/engine-writer';
import type { Logger } from '../../platform/logger';
import type { BatchOperations } from '../../mongo/batch-operations';
import type { Collections } from '../collections';

export interface StorageEngine extends ItemStorage {
  readonly version: string;
  /** A request's lookups and writes, in as few commands as they take. */
  readonly batches: BatchOperations;
  /** How the change log's batches are found. */
  readonly changeBatches: ChangeBatchIndex;
  /**
   * The collections the change feed reads: at read concern `majority`, so that a reader is never
   * told of a change a failover could take back.
   */
  readonly feedCollections: Collections;
  /** Creates the service's indexes (core/storage/indexes.ts). */
  ensureIndexes(db: Collections, logger: Logger): Promise<void>;
}

/**
 * The storage engine: how the service reads and writes MongoDB (7+, or DocumentDB), one port per
 * concern, built once at start-up (open-storage-engine.ts). The rest of the code asks for the
 * port it needs (docs/storage.md#engines).
 */
import type { ChangeBatchIndex } from '../../changes/change-batch-index';
import type { ItemStorage } from '../../items/engine-writer';
import type { BatchOperations } from '../../mongo/batch-operations';
import type { Collections } from '../collections';
import type { IndexState } from '../index-state';

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
  /** Each of the service's indexes (core/storage/indexes.ts) as the server holds it. */
  indexStates(db: Collections): Promise<IndexState[]>;
  /**
   * Creates those of the service's indexes the server lacks (`created`); those it holds
   * otherwise are left as they are (`differs`). Run by the index command, never at start-up.
   */
  createIndexes(db: Collections): Promise<IndexState[]>;
}

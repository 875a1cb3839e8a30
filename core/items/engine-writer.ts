/**
 * How items reach the store: the port the storage adapter implements (core/storage/engines/). It
 * compares each written item with the stored one, under the content type's write lock and in the
 * write's transaction (item-store.ts), so that the comparison tells whether the item changed, and
 * its changes are numbered and recorded in the order made. Requests take effect in the order they
 * were received, so an item keeps its last writer's receipt and an older write never replaces a
 * newer one (docs/storage.md#receipt-order).
 */
import type { BatchOperations } from '../mongo/batch-operations';
import type { ItemChange } from './item-change';
import type { ItemCollections, ItemStatsDocument } from './item-collections';
import type { ItemStats } from './item-stats';
import type { ContentTypeScope, ReceivedWrite } from './item-documents';

export interface WriteOutcome {
  /** The content type's stats as given, with the written identifiers' lengths added. */
  stats: ItemStatsDocument;
  /** The items the writes changed (each item once). */
  changes: ItemChange[];
}

export interface ItemWriter {
  /**
   * Writes every item that no request received after its own wrote; unmapped stored fields stay.
   * Each write carries its own request's receipt: one call may hold the writes of several
   * requests, an item at most once. `now` is when they are written.
   * `deletedVersions`: per item `_id`, the version its last deletion left, for items created anew.
   * `stats`: the content type's stats as read in the transaction.
   */
  upsert(
    scope: ContentTypeScope,
    writes: readonly ReceivedWrite[],
    now: Date,
    deletedVersions: ReadonlyMap<string, number>,
    stats: ItemStatsDocument,
  ): Promise<WriteOutcome>;
}

/** What the item store needs of the storage engine. */
export interface ItemStorage {
  readonly batches: BatchOperations;
  itemWriter(db: Pick<ItemCollections, 'items'>, stats: ItemStats): ItemWriter;
}

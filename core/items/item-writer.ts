/**
 * How items reach the store, one implementation per engine (chosen once, from the engine the
 * process detected at start-up). Both compare each written item with the stored one, so the
 * writes to one content type run one at a time under a Redis lock (`exclusive`): the comparison
 * tells whether the item changed, and its changes are numbered and recorded in the order made.
 * Requests take effect in the order they were received, so an item keeps its last writer's
 * receipt and an older write never replaces a newer one. They differ in how they send the writes:
 * - MongoDB (mongodb-item-writer.ts): one `$in` read, then one bulkWrite of guarded upserts;
 * - FerretDB v1 (ferretdb-item-writer.ts): new items inserted first, so that only the items that
 *   exist already are read and updated. See docs/storage.md#receipt-order.
 */
import type { ItemChange } from './item-change';
import type { ItemStatsDocument } from './item-collections';
import type { ContentTypeScope, ReceivedWrite } from './item-write';

export interface WriteOutcome {
  /**
   * The content type's stats, read so that a DELETE received later is seen: after the writes,
   * or beside them where `exclusive` keeps DELETEs out meanwhile.
   */
  stats: ItemStatsDocument | null;
  /** The items the writes changed (each item once). */
  changes: ItemChange[];
}

export interface ItemWriter {
  /** Runs `work` (the writes and deletes of one request) while no other writes the content type. */
  exclusive<T>(scope: ContentTypeScope, work: () => Promise<T>): Promise<T>;
  /**
   * Writes every item that no request received after its own wrote; unmapped stored fields stay.
   * Each write carries its own request's receipt: one call may hold the writes of several
   * requests, an item at most once. `now` is when they are written.
   * `deletedVersions`: per item `_id`, the version its last deletion left, for items created anew.
   */
  upsert(
    scope: ContentTypeScope,
    writes: readonly ReceivedWrite[],
    now: Date,
    deletedVersions: ReadonlyMap<string, number>,
  ): Promise<WriteOutcome>;
}

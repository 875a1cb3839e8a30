/**
 * How items reach the store, one implementation per engine (chosen once, from the engine the
 * process detected at start-up): requests take effect in the order they were received, so an
 * item keeps its last writer's receive time and an older write never replaces a newer one.
 * - MongoDB (mongodb-item-writer.ts): the guard is in each upsert's filter, atomic, no lock;
 * - FerretDB v1 (ferretdb-item-writer.ts): the guard is a read, so the writes to a content type
 *   run one at a time under a Redis lock. See docs/storage.md#receipt-order.
 */
import type { ItemStatsDocument } from './item-collections';
import type { ContentTypeScope, ItemWrite, WriteTimes } from './item-write';

export interface ItemWriter {
  /** Runs `work` (the writes and deletes of one request) with whatever exclusion the engine needs. */
  exclusive<T>(scope: ContentTypeScope, work: () => Promise<T>): Promise<T>;
  /**
   * Writes every item that no request received later wrote; unmapped stored fields stay. Answers
   * the content type's stats, read so that a DELETE received later is seen: after the writes, or
   * beside them where `exclusive` keeps DELETEs out meanwhile.
   */
  upsert(
    scope: ContentTypeScope,
    writes: readonly ItemWrite[],
    times: WriteTimes,
  ): Promise<ItemStatsDocument | null>;
}

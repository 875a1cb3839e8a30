/**
 * FerretDB v1: every item is inserted; those that exist already are then read for their stored
 * receipt sequences (one read for all of them) and updated by `_id` unless a later request wrote
 * them. New items need no lookup at all: FerretDB v1 checks an insert's `_id` against its index,
 * but finds the document of any read or update by scanning (docs/storage.md#ferretdb-v1). The read and the
 * update are not atomic, so the writes to a content type run one at a time under the write lock.
 */
import { duplicateKeyIndexes } from '../mongo/duplicate-key';
import type { EngineTraits } from '../mongo/engine';
import { findByIds } from '../mongo/find-by-ids';
import { bulkWriteInSlices } from './bulk-write-in-slices';
import type { ItemCollections, ItemStatsDocument } from './item-collections';
import type { ItemStats } from './item-stats';
import {
  itemId,
  itemUpsert,
  newItemDocument,
  type ContentTypeScope,
  type ItemWrite,
  type WriteTimes,
} from './item-write';
import type { ItemWriter } from './item-writer';
import type { WriteLock } from './write-lock';

export class FerretDbItemWriter implements ItemWriter {
  constructor(
    private readonly db: Pick<ItemCollections, 'items'>,
    private readonly engine: EngineTraits,
    private readonly stats: ItemStats,
    private readonly writeLock: WriteLock,
  ) {}

  exclusive<T>(scope: ContentTypeScope, work: () => Promise<T>): Promise<T> {
    return this.writeLock.around(scope.tenant, scope.contentType, work);
  }

  /**
   * Under the write lock no DELETE runs meanwhile: the stats are read beside the writes, and both
   * end before the lock is let go, whichever fails. (SQLite lets a read run beside a write; two
   * writes would wait for each other.)
   */
  async upsert(
    scope: ContentTypeScope,
    writes: readonly ItemWrite[],
    times: WriteTimes,
  ): Promise<ItemStatsDocument | null> {
    const [read, written] = await Promise.allSettled([
      this.stats.recordLengths(scope, writes),
      this.insertThenUpdate(scope, writes, times),
    ]);
    if (written.status === 'rejected') throw written.reason;
    if (read.status === 'rejected') throw read.reason;
    return read.value;
  }

  private async insertThenUpdate(
    scope: ContentTypeScope,
    writes: readonly ItemWrite[],
    times: WriteTimes,
  ): Promise<void> {
    const existing = await this.insertNew(scope, writes, times);
    if (existing.length === 0) return;
    const ids = existing.map((write) => itemId(scope, write.identifier));
    const stored = await findByIds(this.db.items, this.engine, scope, ids, ['sequence']);
    const storedSequence = new Map(stored.map((item) => [item._id, item.sequence ?? -Infinity]));
    const updates = existing
      .filter((_, i) => (storedSequence.get(ids[i] ?? '') ?? -Infinity) <= times.sequence)
      .map((write) => itemUpsert(scope, write, times));
    await bulkWriteInSlices(this.db.items, this.engine, updates, false);
  }

  /** Inserts the items that are new; returns those that exist already. */
  private async insertNew(
    scope: ContentTypeScope,
    writes: readonly ItemWrite[],
    times: WriteTimes,
  ): Promise<ItemWrite[]> {
    const documents = writes.map((write) => newItemDocument(scope, write, times));
    try {
      await this.db.items.insertMany(documents, { ordered: false });
      return [];
    } catch (error) {
      const collided = duplicateKeyIndexes(error);
      if (!collided) throw error;
      return collided.flatMap((index) => (writes[index] ? [writes[index]] : []));
    }
  }
}

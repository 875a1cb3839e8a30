/**
 * MongoDB: one bulkWrite of upserts whose filter matches only an item written by a request
 * received no later (a receipt sequence no greater). Where a later one wrote it, the upsert's insert collides on `_id` and that
 * write is skipped, atomically: no lock is needed.
 */
import type { EngineTraits } from '../mongo/engine';
import { bulkWriteInSlices } from './bulk-write-in-slices';
import type { ItemCollections, ItemStatsDocument } from './item-collections';
import type { ItemStats } from './item-stats';
import { itemUpsert, type ContentTypeScope, type ItemWrite, type WriteTimes } from './item-write';
import type { ItemWriter } from './item-writer';

export class MongoDbItemWriter implements ItemWriter {
  constructor(
    private readonly db: Pick<ItemCollections, 'items'>,
    private readonly engine: EngineTraits,
    private readonly stats: ItemStats,
  ) {}

  exclusive<T>(_scope: ContentTypeScope, work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** The stats are read after the writes, so that a DELETE this read misses deletes after them. */
  async upsert(
    scope: ContentTypeScope,
    writes: readonly ItemWrite[],
    times: WriteTimes,
  ): Promise<ItemStatsDocument | null> {
    const operations = writes.map((write) => {
      const operation = itemUpsert(scope, write, times);
      operation.updateOne.filter = {
        ...operation.updateOne.filter,
        sequence: { $not: { $gt: times.sequence } },
      };
      return operation;
    });
    await bulkWriteInSlices(this.db.items, this.engine, operations, true);
    return this.stats.recordLengths(scope, writes);
  }
}

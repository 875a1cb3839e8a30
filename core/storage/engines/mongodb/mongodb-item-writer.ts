/**
 * MongoDB: one `$in` read of the stored items, then one bulkWrite: inserts for new items, and
 * `_id` updates whose filter also matches only an item written by a request received no later
 * than the write's own (a receipt sequence no greater), at the version read. Under the write lock
 * nothing changes an item between the read and the write; the filter's guard is kept all the same,
 * for a lock whose lease ran out: a guard that misses makes the update's upsert collide on `_id`.
 * A collision on `_id` (that, or an insert of an item another writer created since the read) runs
 * the transaction again: the item is read anew, so an older write is skipped and a change is
 * counted from the version stored, never a second "created".
 */
import { findByIds } from '../../../mongo/batch-operations';
import type { ItemCollections, ItemStatsDocument } from '../../../items/item-collections';
import type { ItemStats } from '../../../items/item-stats';
import {
  itemId,
  type ContentTypeScope,
  type ItemOperation,
  type ReceivedWrite,
} from '../../../items/item-documents';
import { PLANNED_FIELDS, planWrite } from '../../../items/item-write-plan';
import type { ItemWriter, WriteOutcome } from '../../../items/engine-writer';
import { MONGODB_BATCHES } from './mongodb-batches';
import { idCollisionIndexes } from '../../../mongo/duplicate-key';
import { rerunTransaction } from '../../../mongo/transactions';

export class MongoDbItemWriter implements ItemWriter {
  constructor(
    private readonly db: Pick<ItemCollections, 'items'>,
    private readonly stats: ItemStats,
  ) {}

  async upsert(
    scope: ContentTypeScope,
    writes: readonly ReceivedWrite[],
    now: Date,
    deletedVersions: ReadonlyMap<string, number>,
    stats: ItemStatsDocument,
  ): Promise<WriteOutcome> {
    const ids = writes.map(({ write }) => itemId(scope, write.identifier));
    const found = await findByIds(MONGODB_BATCHES, this.db.items, scope, ids, PLANNED_FIELDS);
    const stored = new Map(found.map((item) => [item._id, item]));
    const plans = writes.map((received, i) => {
      const id = ids[i] ?? '';
      return planWrite(scope, received, stored.get(id), now, deletedVersions.get(id));
    });
    const operations = plans.flatMap((plan, i): ItemOperation[] => {
      if (plan.kind === 'create') return [{ insertOne: { document: plan.document } }];
      if (plan.kind === 'skip') return [];
      const { filter } = plan.operation.updateOne;
      const sequence = writes[i]?.receipt.sequence ?? -Infinity;
      const read = stored.get(ids[i] ?? '');
      // The version read too: the new one is counted from it.
      const guard = { sequence: { $not: { $gt: sequence } }, version: read?.version };
      return [{ updateOne: { ...plan.operation.updateOne, filter: { ...filter, ...guard } } }];
    });
    try {
      await MONGODB_BATCHES.bulkWrite(this.db.items, operations);
    } catch (error) {
      throw idCollisionIndexes(error) ? rerunTransaction(error) : error;
    }
    const changes = plans.flatMap((plan) =>
      plan.kind !== 'skip' && plan.change ? [plan.change] : [],
    );
    const written = writes.map(({ write }) => write);
    return { stats: await this.stats.recordLengths(scope, written, stats), changes };
  }
}

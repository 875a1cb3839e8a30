/**
 * FerretDB v1: every item is inserted; those that exist already are then read and updated by
 * `_id` as their plan says. New items need no lookup at all: FerretDB v1 checks an insert's `_id`
 * against its index (docs/storage.md#ferretdb-v1).
 */
import { findByIds, type BatchOperations } from '../../../mongo/batch-operations';
import { idCollisionIndexes } from '../../../mongo/duplicate-key';
import type { ItemDocument } from '../../../items/item';
import type { ItemChange } from '../../../items/item-change';
import type { ItemCollections, ItemStatsDocument } from '../../../items/item-collections';
import type { ItemStats } from '../../../items/item-stats';
import { itemId, type ContentTypeScope, type ReceivedWrite } from '../../../items/item-documents';
import { creationPlan, PLANNED_FIELDS, planWrite } from '../../../items/item-write-plan';
import type { ItemWriter, WriteOutcome } from '../../../items/engine-writer';

export class FerretDbItemWriter implements ItemWriter {
  constructor(
    private readonly db: Pick<ItemCollections, 'items'>,
    private readonly stats: ItemStats,
    private readonly batches: BatchOperations,
  ) {}

  /**
   * Under the write lock no DELETE runs meanwhile: the stats read when the lock was taken still
   * hold, so they are not read again. A new identifier length is recorded beside the writes, and
   * both end before the lock is let go, whichever fails.
   */
  async upsert(
    scope: ContentTypeScope,
    writes: readonly ReceivedWrite[],
    now: Date,
    deletedVersions: ReadonlyMap<string, number>,
    stats: ItemStatsDocument,
  ): Promise<WriteOutcome> {
    const items = writes.map(({ write }) => write);
    const [recorded, written] = await Promise.allSettled([
      this.stats.recordLengths(scope, items, stats),
      this.insertThenUpdate(scope, writes, now, deletedVersions),
    ]);
    if (written.status === 'rejected') throw written.reason;
    if (recorded.status === 'rejected') throw recorded.reason;
    return { stats: recorded.value, changes: written.value };
  }

  private async insertThenUpdate(
    scope: ContentTypeScope,
    writes: readonly ReceivedWrite[],
    now: Date,
    deletedVersions: ReadonlyMap<string, number>,
  ): Promise<ItemChange[]> {
    const creations = writes.map((received) =>
      creationPlan(
        scope,
        received,
        now,
        deletedVersions.get(itemId(scope, received.write.identifier)),
      ),
    );
    const collided = new Set(await this.insertNew(creations.map((plan) => plan.document)));
    const changes: ItemChange[] = [];
    const existing: ReceivedWrite[] = [];
    writes.forEach((received, i) => {
      if (collided.has(i)) existing.push(received);
      else if (creations[i]) changes.push(creations[i].change);
    });
    if (existing.length === 0) return changes;
    const ids = existing.map(({ write }) => itemId(scope, write.identifier));
    const found = await findByIds(this.batches, this.db.items, scope, ids, PLANNED_FIELDS);
    const stored = new Map(found.map((item) => [item._id, item]));
    const plans = existing.map((received, i) =>
      planWrite(scope, received, stored.get(ids[i] ?? ''), now),
    );
    const updates = plans.flatMap((plan) => (plan.kind === 'update' ? [plan.operation] : []));
    await this.batches.bulkWrite(this.db.items, updates, { skipIdCollisions: false });
    for (const plan of plans) if (plan.kind === 'update' && plan.change) changes.push(plan.change);
    return changes;
  }

  /** Inserts the documents of new items; returns the positions of those that exist already. */
  private async insertNew(documents: ItemDocument[]): Promise<number[]> {
    try {
      await this.db.items.insertMany(documents, { ordered: false });
      return [];
    } catch (error) {
      const collided = idCollisionIndexes(error);
      if (!collided) throw error;
      return collided;
    }
  }
}

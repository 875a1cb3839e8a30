/**
 * A content type's stats document: the distinct lengths of its lower-cased identifiers (lazy
 * matching looks only at those) and the receive time of its latest DELETE (writes received
 * earlier look for tombstones). One document per content type, read by `_id`; it also holds the
 * change intent of the write running (change-intents.ts).
 */
import { isIdCollision } from '../mongo/duplicate-key';
import { rerunTransaction, sessionOfRunningTransaction } from '../mongo/transactions';
import type { ItemCollections, ItemStatsDocument } from './item-collections';
import { itemId, type ContentTypeScope, type ItemWrite } from './item-documents';

/**
 * Two first writes to a content type may both try to create its stats document; the loser's
 * upsert may collide on `_id` (a server need not retry it) and is then sent once more, now as an
 * update of the document the winner created. In a transaction, which the collision ended, the
 * transaction runs again instead.
 */
async function retryOnceOnDuplicateKey<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isIdCollision(error)) throw error;
    if (sessionOfRunningTransaction()) throw rerunTransaction(error);
    return write();
  }
}

/** One stats document per content type, read and written by this `_id`. */
export function itemStatsId(scope: ContentTypeScope): string {
  return itemId(scope, 'lengths');
}

export class ItemStats {
  constructor(private readonly db: Pick<ItemCollections, 'itemStats'>) {}

  /** The content type's stats; empty ones before its first write. */
  async read(scope: ContentTypeScope): Promise<ItemStatsDocument> {
    const _id = itemStatsId(scope);
    return (await this.db.itemStats.findOne({ _id })) ?? { _id, lengths: [] };
  }

  async identifierLengths(scope: ContentTypeScope): Promise<number[]> {
    return (await this.read(scope)).lengths;
  }

  /**
   * Adds the lengths of the written identifiers; answers the stats as they are now. Usually
   * every length is there already, and nothing is written: a write would cost a commit.
   * `known`: the stats as the caller read them under the write lock; without them, they are read.
   */
  async recordLengths(
    scope: ContentTypeScope,
    writes: readonly ItemWrite[],
    known?: ItemStatsDocument,
  ): Promise<ItemStatsDocument> {
    const lengths = [...new Set(writes.map((write) => write.identifier.toLowerCase().length))];
    const _id = itemStatsId(scope);
    const stats = known ?? (await this.db.itemStats.findOne({ _id }));
    const recorded = new Set(stats?.lengths);
    if (stats && lengths.every((length) => recorded.has(length))) return stats;
    await retryOnceOnDuplicateKey(() =>
      this.db.itemStats.updateOne(
        { _id },
        { $addToSet: { lengths: { $each: lengths } } },
        { upsert: true },
      ),
    );
    return { ...stats, _id, lengths: [...new Set([...recorded, ...lengths])] };
  }

  /** Tells writes received before the DELETE of `sequence` to look for tombstones. */
  async markDeleted(scope: ContentTypeScope, sequence: number): Promise<void> {
    await retryOnceOnDuplicateKey(() =>
      this.db.itemStats.updateOne(
        { _id: itemStatsId(scope) },
        { $max: { deletedUpToSequence: sequence }, $setOnInsert: { lengths: [] } },
        { upsert: true },
      ),
    );
  }
}

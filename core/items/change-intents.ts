/**
 * What a write or delete of a content type is about to change, kept in its stats document from
 * before the work starts until its changes are recorded. A worker that dies in between leaves it
 * behind; the next write of the content type (or the worker's periodic recovery) finds it and
 * records the changes the dead one did not, from the items as they are: a change is recorded at
 * least once, whatever dies. One per content type: the write lock lets one writer in at a time.
 */
import { isIdCollision } from '../mongo/duplicate-key';
import type { ChangeIntent, ItemCollections, ItemStatsDocument } from './item-collections';
import type { ContentTypeScope } from './item-documents';
import { itemStatsId } from './item-stats';

export type IntendedChanges = Pick<ChangeIntent, 'kind' | 'ids' | 'sequence' | 'fromSequence'>;

export interface BegunIntent {
  /** The content type's stats as the intent left them (without it): what the work reads. */
  stats: ItemStatsDocument;
  /** An intent a writer left unfinished, to finish before this one is recorded. */
  left: ChangeIntent | null;
}

export class ChangeIntents {
  constructor(private readonly db: Pick<ItemCollections, 'itemStats'>) {}

  /**
   * Records the intent unless one was left: in one command that also answers the stats as they
   * were (without an intent, so without its ids), when none was (the usual case). Otherwise
   * answers the intent left, untouched.
   */
  async begin(scope: ContentTypeScope, intended: IntendedChanges): Promise<BegunIntent> {
    const _id = itemStatsId(scope);
    try {
      const before = await this.db.itemStats.findOneAndUpdate(
        { _id, intent: { $exists: false } },
        { $set: { intent: intentOf(scope, intended) }, $setOnInsert: { lengths: [] } },
        { upsert: true, returnDocument: 'before' },
      );
      return { stats: before ?? { _id, lengths: [] }, left: null };
    } catch (error) {
      // The stats exist but the filter missed them: they hold an intent left unfinished.
      if (!isIdCollision(error)) throw error;
    }
    const stats = await this.db.itemStats.findOne({ _id });
    if (stats?.intent) return { stats, left: stats.intent };
    return { stats: await this.record(scope, intended), left: null };
  }

  /** Records the intent in place of any other; answers the stats without it. */
  async record(scope: ContentTypeScope, intended: IntendedChanges): Promise<ItemStatsDocument> {
    const _id = itemStatsId(scope);
    const before = await this.db.itemStats.findOneAndUpdate(
      { _id },
      { $set: { intent: intentOf(scope, intended) }, $setOnInsert: { lengths: [] } },
      { upsert: true, returnDocument: 'before' },
    );
    if (!before) return { _id, lengths: [] };
    const { intent: _replaced, ...stats } = before;
    return stats;
  }

  /** The intent a writer left unfinished, if any. */
  async left(scope: ContentTypeScope): Promise<ChangeIntent | null> {
    const stats = await this.db.itemStats.findOne({ _id: itemStatsId(scope) });
    return stats?.intent ?? null;
  }

  async done(scope: ContentTypeScope): Promise<void> {
    await this.db.itemStats.updateOne({ _id: itemStatsId(scope) }, { $unset: { intent: '' } });
  }

  /** Content types with an intent older than `before`: writers that died and were not followed. */
  async abandoned(before: Date): Promise<ContentTypeScope[]> {
    const found = await this.db.itemStats
      .find(
        { 'intent.at': { $lt: before } },
        { projection: { 'intent.tenant': 1, 'intent.contentType': 1 } },
      )
      .toArray();
    return found.flatMap(({ intent }) =>
      intent ? [{ tenant: intent.tenant, contentType: intent.contentType }] : [],
    );
  }
}

function intentOf(scope: ContentTypeScope, intended: IntendedChanges): ChangeIntent {
  const { kind, ids, sequence, fromSequence } = intended;
  return { ...scope, kind, ids, sequence, fromSequence, at: new Date() };
}

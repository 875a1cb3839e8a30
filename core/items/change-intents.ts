/**
 * What a write or delete of a content type is about to change, recorded before it starts and
 * dropped once its changes are recorded. A worker that dies in between leaves it behind; the next
 * write of the content type (or the worker's periodic recovery) finds it and records the changes
 * the dead one did not, from the items as they are: a change is recorded at least once, whatever
 * dies. One per content type: the write lock lets one writer in at a time.
 */
import type { ItemCollections, ChangeIntentDocument } from './item-collections';
import { itemId, type ContentTypeScope } from './item-documents';

export class ChangeIntents {
  constructor(private readonly db: Pick<ItemCollections, 'changeIntents'>) {}

  private intentId(scope: ContentTypeScope): string {
    return itemId(scope, 'intent');
  }

  async record(
    scope: ContentTypeScope,
    intent: Pick<ChangeIntentDocument, 'kind' | 'ids' | 'sequence' | 'fromSequence'>,
  ): Promise<void> {
    const document = { ...scope, ...intent, at: new Date() };
    await this.db.changeIntents.replaceOne({ _id: this.intentId(scope) }, document, {
      upsert: true,
    });
  }

  /**
   * Records the intent unless one was left: in one command when none was (the usual case).
   * Answers the intent left, untouched, which the caller finishes before recording its own.
   */
  async begin(
    scope: ContentTypeScope,
    intent: Pick<ChangeIntentDocument, 'kind' | 'ids' | 'sequence' | 'fromSequence'>,
  ): Promise<ChangeIntentDocument | null> {
    const document = { ...scope, ...intent, at: new Date() };
    return this.db.changeIntents.findOneAndUpdate(
      { _id: this.intentId(scope) },
      { $setOnInsert: document },
      { upsert: true, returnDocument: 'before' },
    );
  }

  /** The intent a writer left unfinished, if any. */
  left(scope: ContentTypeScope): Promise<ChangeIntentDocument | null> {
    return this.db.changeIntents.findOne({ _id: this.intentId(scope) });
  }

  async done(scope: ContentTypeScope): Promise<void> {
    await this.db.changeIntents.deleteOne({ _id: this.intentId(scope) });
  }

  /** Content types with an intent older than `before`: writers that died and were not followed. */
  async abandoned(before: Date): Promise<ContentTypeScope[]> {
    const found = await this.db.changeIntents
      .find({ at: { $lt: before } }, { projection: { tenant: 1, contentType: 1 } })
      .toArray();
    return found.map(({ tenant, contentType }) => ({ tenant, contentType }));
  }
}

/**
 * Records what the writes and deletes of a content type changed, at least once whatever dies:
 * an intent is left before the work and dropped after its changes are recorded, and whoever next
 * holds the content type's lock finishes an intent a dead writer left, from the items as they are
 * now (change-intents.ts). Runs inside the content type's lock, so the changes of one item are
 * recorded in the order they were made.
 */
import { findByIds, type BatchOperations } from '../mongo/batch-operations';
import { ChangeIntents, type IntendedChanges } from './change-intents';
import type { ItemDocument } from './item';
import type { ItemChange, ItemChangeSink } from './item-change';
import type { ChangeIntent, ItemCollections, ItemStatsDocument } from './item-collections';
import type { ItemTombstones } from './item-tombstones';
import { itemId, type ContentTypeScope } from './item-documents';

const ITEM_FIELDS = [
  'identifier',
  'sequence',
  'version',
] as const satisfies readonly (keyof ItemDocument)[];

export class ChangeRecorder {
  private readonly intents: ChangeIntents;

  constructor(
    private readonly db: Pick<ItemCollections, 'items' | 'itemStats'>,
    private readonly batches: BatchOperations,
    private readonly tombstones: ItemTombstones,
    private readonly sink: ItemChangeSink,
  ) {
    this.intents = new ChangeIntents(db);
  }

  /**
   * Runs `work` under an intent, then records the changes it answers. `work` is given the content
   * type's stats as read when the intent was left.
   */
  async around<T>(
    scope: ContentTypeScope,
    intended: IntendedChanges,
    work: (stats: ItemStatsDocument) => Promise<{ value: T; changes: ItemChange[] }>,
  ): Promise<T> {
    const begun = await this.intents.begin(scope, intended);
    let { stats } = begun;
    if (begun.left) {
      await this.finish(scope, begun.left);
      stats = await this.intents.record(scope, intended);
    }
    const recording = this.sink.begin(scope);
    const { value, changes } = await work(stats);
    await recording.record(changes);
    await this.intents.done(scope);
    return value;
  }

  /** Records the changes of an intent a writer left unfinished, if there is one. */
  async finishLeft(scope: ContentTypeScope): Promise<void> {
    const left = await this.intents.left(scope);
    if (left) await this.finish(scope, left);
  }

  private async finish(scope: ContentTypeScope, left: ChangeIntent): Promise<void> {
    const recording = this.sink.begin(scope);
    const changes =
      left.kind === 'write' ? await this.writtenBy(scope, left) : await this.deletedBy(scope, left);
    await recording.record(changes);
    await this.intents.done(scope);
  }

  /** Content types whose intents were left before `before`: to be finished under their lock. */
  abandoned(before: Date): Promise<ContentTypeScope[]> {
    return this.intents.abandoned(before);
  }

  /**
   * The items the intent's requests wrote last, as they are: an item a group of requests wrote
   * several times, at its last version only (a reader gets the latest state anyway), and an item
   * whose sequence is in the range but which the group did not write, again (a change made twice
   * is harmless).
   */
  private async writtenBy(scope: ContentTypeScope, intent: ChangeIntent): Promise<ItemChange[]> {
    const items = await findByIds(this.batches, this.db.items, scope, intent.ids, [...ITEM_FIELDS]);
    const from = intent.fromSequence;
    const writtenByIntent = (sequence: number | undefined) =>
      sequence !== undefined && sequence >= from && sequence <= intent.sequence;
    return items
      .filter((item) => writtenByIntent(item.sequence))
      .map((item) => ({
        event: item.version === 1 ? 'created' : 'updated',
        identifier: item.identifier,
        version: item.version,
      }));
  }

  /** The intent's items that are gone, at the version their tombstones keep. */
  private async deletedBy(scope: ContentTypeScope, intent: ChangeIntent): Promise<ItemChange[]> {
    const present = await findByIds(this.batches, this.db.items, scope, intent.ids, ['_id']);
    const stillThere = new Set(present.map((item) => item._id));
    const gone = intent.ids.filter((id) => !stillThere.has(id));
    const versions = await this.tombstones.versions(scope, gone);
    const prefix = itemId(scope, '');
    return gone.flatMap((id) => {
      const version = versions.get(id);
      if (version === undefined) return [];
      return [{ event: 'deleted' as const, identifier: id.slice(prefix.length), version }];
    });
  }
}

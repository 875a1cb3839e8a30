/**
 * The change log as readers get it: each record with its item as it is when read. A record whose
 * item changed again since carries the item's latest state and version (the later record will
 * carry them too), and of several records of one item in one read only the last is answered: a
 * reader gets every item's latest state, never an older version after a newer one, and an item
 * changed many times between two reads once (docs/changes.md#what-readers-get).
 */
import { itemView, type ItemDocument } from '../items/item';
import type { ItemCollections } from '../items/item-collections';
import { ItemTombstones } from '../items/item-tombstones';
import { itemId } from '../items/item-write';
import type { EngineTraits } from '../mongo/engine';
import { findByIds } from '../mongo/find-by-ids';
import type { ChangeLogReader } from './change-log';
import type { ChangeLogStore } from './change-log-store';
import type { ChangeDocument, ChangeRecord } from './change-record';

const ITEM_FIELDS = [
  'identifier',
  'name',
  'image',
  'parent',
  'properties',
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof ItemDocument)[];

type CurrentItem = Pick<ItemDocument, '_id' | (typeof ITEM_FIELDS)[number]>;

interface CurrentState {
  items: Map<string, CurrentItem>;
  deletedVersions: Map<string, number>;
}

export class ChangeFeed implements ChangeLogReader {
  private readonly tombstones: ItemTombstones;

  constructor(
    private readonly log: ChangeLogStore,
    private readonly db: Pick<ItemCollections, 'items' | 'itemTombstones'>,
    private readonly engine: EngineTraits,
  ) {
    this.tombstones = new ItemTombstones(db, engine);
  }

  head(tenant: string): Promise<number> {
    return this.log.head(tenant);
  }

  async readAfter(tenant: string, afterSeq: number, limit: number): Promise<ChangeDocument[]> {
    const records = await this.log.readRecords(tenant, afterSeq, limit);
    const lastOfItem = new Map<string, number>();
    records.forEach((record, i) => lastOfItem.set(keyOf(record), i));
    const kept = records.filter((record, i) => lastOfItem.get(keyOf(record)) === i);
    const state = await this.currentState(tenant, kept);
    return kept.map((record) => asNow(record, state));
  }

  /** The items the records name as they are now, one lookup per content type. */
  private async currentState(tenant: string, records: ChangeRecord[]): Promise<CurrentState> {
    const idsByType = new Map<string, string[]>();
    for (const record of records) {
      const ids = idsByType.get(record.contentType) ?? [];
      ids.push(keyOf(record));
      idsByType.set(record.contentType, ids);
    }
    const state: CurrentState = { items: new Map(), deletedVersions: new Map() };
    for (const [contentType, ids] of idsByType) {
      const scope = { tenant, contentType };
      const found = await findByIds(this.db.items, this.engine, scope, ids, [...ITEM_FIELDS]);
      for (const item of found) state.items.set(item._id, item);
      const gone = ids.filter((id) => !state.items.has(id));
      if (gone.length === 0) continue;
      for (const [id, version] of await this.tombstones.versions(scope, gone)) {
        state.deletedVersions.set(id, version);
      }
    }
    return state;
  }
}

const keyOf = (record: ChangeRecord): string =>
  itemId({ tenant: record.tenant, contentType: record.contentType }, record.identifier);

/** The record as the item stands now. */
function asNow(record: ChangeRecord, state: CurrentState): ChangeDocument {
  const item = state.items.get(keyOf(record));
  if (!item) {
    const version = Math.max(record.version, state.deletedVersions.get(keyOf(record)) ?? 0);
    return { ...record, event: 'deleted', version, item: null };
  }
  const version = item.version ?? record.version;
  return { ...record, event: eventNow(record, version), version, item: itemView(item) };
}

/** What the change is now, for an item that exists at `version`. */
function eventNow(record: ChangeRecord, version: number): ChangeDocument['event'] {
  if (version === record.version && record.event !== 'deleted') return record.event;
  // Back after the record's deletion, or anew after its tombstone expired and its count restarted.
  if (record.event === 'deleted' || version < record.version) return 'created';
  return 'updated';
}

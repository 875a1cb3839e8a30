/**
 * The change log as readers get it: each record with its item as it is when read. A record whose
 * item changed again since carries the item's latest state and version (the later record will
 * carry them too), and of several records of one item in one read only the last is answered: a
 * reader gets every item's latest state, never an older version after a newer one, and an item
 * changed many times between two reads once (docs/changes.md#what-readers-get).
 */
import { itemView, type ItemDocument, type ItemView } from '../items/item';
import type { ItemCollections } from '../items/item-collections';
import { ItemTombstones } from '../items/item-tombstones';
import { itemId } from '../items/item-documents';
import { findByIds, type BatchOperations } from '../mongo/batch-operations';
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

/** An item as it is now, at its version: null once it is deleted. */
interface ItemState {
  version: number;
  item: ItemView | null;
}

/** The items as they are now, by item `_id`. */
type CurrentState = Map<string, ItemState>;

export class ChangeFeed implements ChangeLogReader {
  private readonly tombstones: ItemTombstones;

  /** `db`: the collections it reads the items from (engine.feedCollections). */
  constructor(
    private readonly log: ChangeLogStore,
    private readonly db: Pick<ItemCollections, 'items' | 'itemTombstones'>,
    private readonly batches: BatchOperations,
  ) {
    this.tombstones = new ItemTombstones(db, batches);
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
    const byType = new Map<string, ChangeRecord[]>();
    for (const record of records) {
      const ofType = byType.get(record.contentType) ?? [];
      ofType.push(record);
      byType.set(record.contentType, ofType);
    }
    const state: CurrentState = new Map();
    for (const [contentType, ofType] of byType) {
      const scope = { tenant, contentType };
      for (const [identifier, stored] of await this.storedStates(scope, ofType)) {
        state.set(itemId(scope, identifier), stored);
      }
    }
    return state;
  }

  /** The records' items as stored, by identifier; those gone, at their tombstone's version. */
  private async storedStates(
    scope: { tenant: string; contentType: string },
    records: ChangeRecord[],
  ): Promise<Map<string, ItemState>> {
    const states = new Map<string, ItemState>();
    const identifierOf = new Map(records.map((record) => [keyOf(record), record.identifier]));
    for (const item of await this.itemsOf(scope, [...identifierOf.keys()])) {
      states.set(item.identifier, { version: item.version, item: itemView(item) });
    }
    const gone = [...identifierOf].filter(([, identifier]) => !states.has(identifier));
    if (gone.length === 0) return states;
    const versions = await this.tombstones.versions(
      scope,
      gone.map(([id]) => id),
    );
    for (const [id, identifier] of gone) {
      const version = versions.get(id);
      if (version !== undefined) states.set(identifier, { version, item: null });
    }
    return states;
  }

  private itemsOf(
    scope: { tenant: string; contentType: string },
    ids: readonly string[],
  ): Promise<CurrentItem[]> {
    return findByIds(this.batches, this.db.items, scope, ids, ITEM_FIELDS);
  }
}

const keyOf = (record: ChangeRecord): string =>
  itemId({ tenant: record.tenant, contentType: record.contentType }, record.identifier);

/** The record as the item stands now. */
function asNow(record: ChangeRecord, state: CurrentState): ChangeDocument {
  const now = state.get(keyOf(record));
  if (!now?.item) {
    const version = Math.max(record.version, now?.version ?? 0);
    return { ...record, event: 'deleted', version, item: null };
  }
  const version = now.version;
  return { ...record, event: eventNow(record, version), version, item: now.item };
}

/** What the change is now, for an item that exists at `version`. */
function eventNow(record: ChangeRecord, version: number): ChangeDocument['event'] {
  if (version === record.version && record.event !== 'deleted') return record.event;
  // Back after the record's deletion, or anew after its tombstone expired and its count restarted.
  if (record.event === 'deleted' || version < record.version) return 'created';
  return 'updated';
}

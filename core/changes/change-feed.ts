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
import { findByIds, ONE_BATCH } from '../mongo/find-by-ids';
import type { ChangeLogReader } from './change-log';
import type { ChangeLogStore } from './change-log-store';
import type { ChangeDocument, ChangeRecord } from './change-record';
import type { RecentItemStates, RecentState } from './recent-item-states';

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

/**
 * Where filters are not indexed (FerretDB v1): up to this many items are read one `_id` at a
 * time, this many at once (each read parses the rows before its item, a tenth of what one pass
 * decoding the collection costs); more are read in one pass over the span of their `_id`s.
 */
const POINT_READS_UP_TO = 8;
const POINT_READS_AT_ONCE = 4;
const PROJECTION = Object.fromEntries(ITEM_FIELDS.map((field) => [field, 1]));

/** An item as it is now; `version` is absent on items written before versions were counted. */
interface ItemState {
  version?: number;
  item: RecentState['item'];
}

/** The items as they are now, by item `_id`. */
type CurrentState = Map<string, ItemState>;

export class ChangeFeed implements ChangeLogReader {
  private readonly tombstones: ItemTombstones;

  /** `recent`: states the writers keep in Redis, read first (where lookups scan). */
  constructor(
    private readonly log: ChangeLogStore,
    private readonly db: Pick<ItemCollections, 'items' | 'itemTombstones'>,
    private readonly engine: EngineTraits,
    private readonly recent?: RecentItemStates,
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
    const byType = new Map<string, ChangeRecord[]>();
    for (const record of records) {
      const ofType = byType.get(record.contentType) ?? [];
      ofType.push(record);
      byType.set(record.contentType, ofType);
    }
    const state: CurrentState = new Map();
    for (const [contentType, ofType] of byType) {
      const scope = { tenant, contentType };
      let unread = ofType;
      let readAt = 0;
      if (this.recent) {
        const recalled = await this.recent.recall(
          scope,
          ofType.map((record) => record.identifier),
        );
        readAt = recalled.readAt;
        // Only at the record's version or later: an older state would go back in time.
        unread = ofType.filter((record) => {
          const recent = recalled.states.get(record.identifier);
          if (!recent || recent.version < record.version) return true;
          state.set(keyOf(record), recent);
          return false;
        });
      }
      if (unread.length === 0) continue;
      const known: (RecentState & { identifier: string })[] = [];
      for (const [identifier, stored] of await this.storedStates(scope, unread)) {
        state.set(itemId(scope, identifier), stored);
        const { version, item } = stored;
        if (version !== undefined) known.push({ identifier, version, item });
      }
      await this.recent?.storeBack(scope, readAt, known);
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

  private async itemsOf(
    scope: { tenant: string; contentType: string },
    ids: readonly string[],
  ): Promise<CurrentItem[]> {
    if (this.engine.indexedFilters) {
      return findByIds(this.db.items, this.engine, scope, ids, [...ITEM_FIELDS]);
    }
    const options = { projection: PROJECTION, batchSize: ONE_BATCH };
    if (ids.length <= POINT_READS_UP_TO) {
      const found: CurrentItem[] = [];
      for (let start = 0; start < ids.length; start += POINT_READS_AT_ONCE) {
        const reads = ids
          .slice(start, start + POINT_READS_AT_ONCE)
          .map((_id) => this.db.items.findOne<CurrentItem>({ _id }, options));
        for (const item of await Promise.all(reads)) if (item) found.push(item);
      }
      return found;
    }
    // The server still decodes every item, but sends back only those within the span: all of
    // the content type at worst (its items share the `_id` prefix tenant:contentType:).
    const { first, last } = spanOf(ids);
    const wanted = new Set(ids);
    const inSpan = await this.db.items
      .find<CurrentItem>({ _id: { $gte: first, $lte: last } }, options)
      .toArray();
    return inSpan.filter((item) => wanted.has(item._id));
  }
}

/** The lowest and the highest of the ids as the server orders strings: by their UTF-8 bytes. */
function spanOf(ids: readonly string[]): { first: string; last: string } {
  let first = ids[0] ?? '';
  let last = first;
  for (const id of ids) {
    if (Buffer.compare(Buffer.from(id), Buffer.from(first)) < 0) first = id;
    if (Buffer.compare(Buffer.from(id), Buffer.from(last)) > 0) last = id;
  }
  return { first, last };
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
  const version = now.version ?? record.version;
  return { ...record, event: eventNow(record, version), version, item: now.item };
}

/** What the change is now, for an item that exists at `version`. */
function eventNow(record: ChangeRecord, version: number): ChangeDocument['event'] {
  if (version === record.version && record.event !== 'deleted') return record.event;
  // Back after the record's deletion, or anew after its tombstone expired and its count restarted.
  if (record.event === 'deleted' || version < record.version) return 'created';
  return 'updated';
}

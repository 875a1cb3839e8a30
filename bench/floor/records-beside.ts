/**
 * What the product writes beside a request's items, written by the write floor with the driver
 * alone and in the product's order: the change intent on the content type's stats before the
 * items; after them the change log, the intent dropped,
 * the history record. The change log and the history are the product's own documents for the same
 * requests, read back from the store (bench/stack/store.ts); the intent is made here in its shape.
 * Each step's wall time is what the engine charges for that part of what the product keeps.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { mongo } from 'mongoose';
import type { ChangeIntent, ItemStatsDocument } from '../../core/items/item-collections';
import { medianOf } from '../measure/stats';

/** A document read back as the product stored it. */
interface Stored {
  _id: string;
  [field: string]: unknown;
}

export interface RecordsBeside {
  changes: Stored[];
  history: Stored[];
}

/** Where the records go: the store's collections, or a warm-up's scratch ones. */
export interface RecordCollections {
  itemStats: mongo.Collection<ItemStatsDocument>;
  changes: mongo.Collection<Stored>;
  history: mongo.Collection<Stored>;
}

/** Wall time of each step, in milliseconds. */
export interface RecordSteps {
  intent: number;
  items: number;
  changeLog: number;
  intentDropped: number;
  history: number;
}

export function readRecords(file: string): RecordsBeside {
  return mongo.BSON.EJSON.parse(readFileSync(file, 'utf8')) as RecordsBeside;
}

export function recordCollections(db: mongo.Db, prefix = ''): RecordCollections {
  return {
    itemStats: db.collection<ItemStatsDocument>(`${prefix}item_stats`),
    changes: db.collection<Stored>(`${prefix}changes`),
    history: db.collection<Stored>(`${prefix}history`),
  };
}

/**
 * The records of the `index`-th of as many lone requests as the product's records hold: its
 * change-log document and its history record.
 */
export function recordsOfRequest(records: RecordsBeside, index: number): RecordsBeside {
  const changes = records.changes[index];
  const history = records.history[index];
  if (!changes || !history) throw new Error(`no records for request ${index}`);
  return { changes: [changes], history: [history] };
}

/** Each step's median over several writes. */
export function medianSteps(steps: readonly RecordSteps[]): RecordSteps {
  const of = (name: keyof RecordSteps) => medianOf(steps, (step) => step[name]);
  return {
    intent: of('intent'),
    items: of('items'),
    changeLog: of('changeLog'),
    intentDropped: of('intentDropped'),
    history: of('history'),
  };
}

/** Writes the intent, then the items (`writeItems`), then the rest; each step's wall time. */
export async function writeWithRecords(
  collections: RecordCollections,
  records: RecordsBeside,
  intent: ChangeIntent,
  writeItems: () => Promise<void>,
): Promise<RecordSteps> {
  // A stats document of the floor's own, beside the product's for the same content type.
  const _id = `${intent.tenant}:${intent.contentType}:floor`;
  const step = lap();
  await collections.itemStats.findOneAndUpdate(
    { _id, intent: { $exists: false } },
    { $set: { intent }, $setOnInsert: { lengths: [] } },
    { upsert: true, returnDocument: 'before' },
  );
  const intentMs = step();
  await writeItems();
  const items = step();
  if (records.changes.length > 0) await collections.changes.insertMany(records.changes);
  const changeLog = step();
  await collections.itemStats.updateOne({ _id }, { $unset: { intent: '' } });
  const intentDropped = step();
  if (records.history.length > 0) await collections.history.insertMany(records.history);
  return { intent: intentMs, items, changeLog, intentDropped, history: step() };
}

/** Milliseconds since the last call (or since it was made). */
function lap(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const elapsed = now - last;
    last = now;
    return elapsed;
  };
}

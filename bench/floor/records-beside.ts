/**
 * What the product writes beside a request's items, written by the write floor with the driver
 * alone and in the product's order, in one transaction: the items, then the change log, then the
 * history record, then the commit. The change log and the history are the product's own documents
 * for the same requests, read back from the store (bench/stack/store.ts). Each step's wall time is
 * what the engine charges for that part of what the product keeps.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { mongo } from 'mongoose';
import { isWriteConflict, rerunTransaction } from '../../core/mongo/transactions';
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
  changes: mongo.Collection<Stored>;
  history: mongo.Collection<Stored>;
}

/** Wall time of each step, in milliseconds. */
export interface RecordSteps {
  items: number;
  changeLog: number;
  history: number;
  commit: number;
}

export function readRecords(file: string): RecordsBeside {
  return mongo.BSON.EJSON.parse(readFileSync(file, 'utf8')) as RecordsBeside;
}

export function recordCollections(db: mongo.Db, prefix = ''): RecordCollections {
  return {
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
    items: of('items'),
    changeLog: of('changeLog'),
    history: of('history'),
    commit: of('commit'),
  };
}

/**
 * Writes the items (`writeItems`), then the rest, in one transaction; each step's wall time, of
 * the attempt that committed. Run again as the product's transactions are, when the engine could
 * not take a lock in time or saw a conflict (a collection the bench just dropped and made again
 * may still be locked by the engine's own work on it).
 */
export async function writeWithRecords(
  client: mongo.MongoClient,
  collections: RecordCollections,
  records: RecordsBeside,
  writeItems: (session: mongo.ClientSession) => Promise<void>,
): Promise<RecordSteps> {
  const session = client.startSession();
  try {
    let step = lap();
    let steps: Omit<RecordSteps, 'commit'> = { items: 0, changeLog: 0, history: 0 };
    await session.withTransaction(async () => {
      step = lap();
      try {
        await writeItems(session);
        const items = step();
        if (records.changes.length > 0) {
          await collections.changes.insertMany(records.changes, { session });
        }
        const changeLog = step();
        if (records.history.length > 0) {
          await collections.history.insertMany(records.history, { session });
        }
        steps = { items, changeLog, history: step() };
      } catch (error) {
        throw isWriteConflict(error) ? rerunTransaction(error) : error;
      }
    });
    return { ...steps, commit: step() };
  } finally {
    await session.endSession();
  }
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

/**
 * Which MongoDB-compatible server we talk to, and what that changes for writes (measured on
 * FerretDB v1.24.2, SQLite back end, the test and dev engine):
 * - an update command of 100 or more statements never answers, so updates go in slices below it;
 * - an update whose filter is more than `{_id}` scans the collection, and even an `_id` upsert
 *   costs milliseconds, while `insertMany` writes thousands a second: new items are inserted and
 *   only existing ones updated, after one `$in` read that also enforces the receive-time order.
 * MongoDB takes a whole request in one bulkWrite of upserts guarded by their filter.
 */
import type { Connection } from 'mongoose';
import { databaseOf } from './collections';

export interface EngineInfo {
  name: 'mongodb' | 'ferretdb';
  version: string;
  /** Most statements one update command may carry on this engine. */
  maxUpdateStatements: number;
  /** Insert new items and update only existing ones, instead of upserting all. */
  splitInserts: boolean;
}

const FERRETDB_SAFE_UPDATE_STATEMENTS = 90;
const MONGODB_MAX_WRITE_BATCH = 100_000;

export async function detectEngine(connection: Connection): Promise<EngineInfo> {
  const info = await databaseOf(connection).admin().command({ buildInfo: 1 });
  const ferretdb = typeof info.ferretdbVersion === 'string' ? info.ferretdbVersion : undefined;
  return ferretdb
    ? {
        name: 'ferretdb',
        version: ferretdb,
        maxUpdateStatements: FERRETDB_SAFE_UPDATE_STATEMENTS,
        splitInserts: true,
      }
    : {
        name: 'mongodb',
        version: String(info.version),
        maxUpdateStatements: MONGODB_MAX_WRITE_BATCH,
        splitInserts: false,
      };
}

export type WriteStrategy = Pick<EngineInfo, 'maxUpdateStatements' | 'splitInserts'>;

/** MongoDB's way of writing: for callers that do not ask the server. */
export const MONGODB_WRITES: WriteStrategy = {
  maxUpdateStatements: MONGODB_MAX_WRITE_BATCH,
  splitInserts: false,
};

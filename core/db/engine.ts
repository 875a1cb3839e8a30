/**
 * Which MongoDB-compatible server we talk to, and what that changes (measured on FerretDB
 * v1.24.2, SQLite back end, the test and dev engine):
 * - FerretDB serves only `{_id: <string>}` filters from an index: `$in` and compound filters scan
 *   the collection and test every document against every value, so a `$in` of 40,000 keys over
 *   10,000 items takes seconds, while one scan of the content type, matched in a Set, takes tens
 *   of milliseconds;
 * - an update command of 100 or more statements never answers (its handler defers closing each
 *   statement's cursor to the end of the command), and each update costs milliseconds, while
 *   `insertMany` writes thousands a second: new items are inserted, existing ones updated in
 *   slices.
 * MongoDB serves every lookup from an index and takes a request's writes in one bulkWrite.
 */
import type { Connection } from 'mongoose';
import { databaseOf } from './collections';

export interface EngineTraits {
  /** Whether filters beyond `{_id}` (`$in`, several fields) are served from indexes. */
  indexedFilters: boolean;
  /** Most statements one update command may carry. */
  maxUpdateStatements: number;
}

export interface EngineInfo extends EngineTraits {
  name: 'mongodb' | 'ferretdb';
  version: string;
}

export const MONGODB_TRAITS: EngineTraits = { indexedFilters: true, maxUpdateStatements: 100_000 };
export const FERRETDB_TRAITS: EngineTraits = { indexedFilters: false, maxUpdateStatements: 90 };

export async function detectEngine(connection: Connection): Promise<EngineInfo> {
  const info = await databaseOf(connection).admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion === 'string'
    ? { name: 'ferretdb', version: info.ferretdbVersion, ...FERRETDB_TRAITS }
    : { name: 'mongodb', version: String(info.version), ...MONGODB_TRAITS };
}

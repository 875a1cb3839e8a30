/**
 * Which MongoDB-compatible server we talk to, and what that changes (measured on FerretDB
 * v1.24.2, SQLite back end, the test and dev engine):
 * - FerretDB finds documents by scanning. It hands `{_id: <string>}` to SQLite as
 *   `_ferretdb_sjson->'$._id' = ?`, but its `_id` index is on `_ferretdb_sjson->"_id"`, and SQLite
 *   uses an expression index only for the same expression: a point read, update, replace or delete
 *   by `_id` scans the table in SQL (10 ms over 5,000 documents here, 115 ms over 21,000). Any
 *   other filter (`$in`, several fields) decodes and tests every document in Go, slower still (a
 *   `{tenant, contentType}` read over 21,000 items: about 1 s). An insert's `_id` check does use
 *   the index: inserting 1,000 new items takes 45 ms whatever the collection's size, and 1,000
 *   that exist already fail in 96 ms;
 * - an update command of 100 or more statements never answers (its handler defers closing each
 *   statement's cursor to the end of the command), and each update scans, while `insertMany`
 *   writes thousands a second: items and history records are inserted first, and only those
 *   that exist already are read and updated.
 * - two concurrent updates of one document may undo each other (core/mongo/document-turns.ts).
 * MongoDB serves every lookup from an index and takes a request's writes in one bulkWrite.
 */
import type { Connection } from 'mongoose';
import { databaseOf } from './connection';

export interface EngineTraits {
  /** Whether filters beyond `{_id}` (`$in`, several fields) are served from indexes. */
  indexedFilters: boolean;
  /** Most statements one update command may carry. */
  maxUpdateStatements: number;
  /**
   * Whether concurrent updates of one document each take effect (document-turns.ts): not on
   * FerretDB v1, where one may undo the other.
   */
  atomicDocumentUpdates: boolean;
}

export interface EngineInfo extends EngineTraits {
  name: 'mongodb' | 'ferretdb';
  version: string;
}

export const MONGODB_TRAITS: EngineTraits = {
  indexedFilters: true,
  maxUpdateStatements: 100_000,
  atomicDocumentUpdates: true,
};
export const FERRETDB_TRAITS: EngineTraits = {
  indexedFilters: false,
  maxUpdateStatements: 90,
  atomicDocumentUpdates: false,
};

export async function detectEngine(connection: Connection): Promise<EngineInfo> {
  const info = await databaseOf(connection).admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion === 'string'
    ? { name: 'ferretdb', version: info.ferretdbVersion, ...FERRETDB_TRAITS }
    : { name: 'mongodb', version: String(info.version), ...MONGODB_TRAITS };
}

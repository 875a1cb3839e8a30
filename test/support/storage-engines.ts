/**
 * The storage engines' adapters over the test engine. The one the service would pick
 * (`detectedEngine`), and both by name: MongoDB's adapter sends commands FerretDB v1 takes too
 * (only slower), so its code paths run against a real server in tests; only its plain updates of
 * one document are not safe there, since FerretDB v1 may lose one of two at once.
 */
import type { Connection, mongo } from 'mongoose';
import { openStorageEngine } from '../../core/storage/engines/open-storage-engine';
import { ferretDbEngine } from '../../core/storage/engines/ferretdb/ferretdb-engine';
import { mongoDbEngine } from '../../core/storage/engines/mongodb/mongodb-engine';
import type { StorageEngine } from '../../core/storage/engines/storage-engine';
import { createLogger } from '../../core/platform/logger';
import { databaseOf } from '../../core/mongo/connection';
import { collectionsOf } from '../../core/storage/collections';

export const detectedEngine = (connection: Connection): Promise<StorageEngine> =>
  openStorageEngine(connection);

/** Both adapters, by name, over the connection's database. */
export function bothEngines(connection: Connection): [string, StorageEngine][] {
  return bothEnginesOf(databaseOf(connection));
}

/** Both adapters, by name, over a driver's database. */
export function bothEnginesOf(db: mongo.Db): [string, StorageEngine][] {
  return [
    ['MongoDB', mongoDbEngine({ version: 'adapter on the test engine', db, replicated: false })],
    ['FerretDB', ferretDbEngine({ version: 'adapter on the test engine', db })],
  ];
}

/** The service's indexes, as the detected engine creates them (the test engine has no TTL). */
export async function ensureTestIndexes(connection: Connection): Promise<void> {
  const engine = await detectedEngine(connection);
  await engine.ensureIndexes(collectionsOf(databaseOf(connection)), createLogger('test', 'silent'));
}

/** The storage adapter over the test engine, as the service opens it (after its server check). */
import type { Connection } from 'mongoose';
import { openStorageEngine } from '../../core/storage/engines/open-storage-engine';
import type { StorageEngine } from '../../core/storage/engines/storage-engine';
import { databaseOf } from '../../core/mongo/connection';
import { collectionsOf } from '../../core/storage/collections';

export const detectedEngine = (connection: Connection): Promise<StorageEngine> =>
  openStorageEngine(connection);

/** The service's indexes, as the adapter creates them. */
export async function ensureTestIndexes(connection: Connection): Promise<void> {
  const engine = await detectedEngine(connection);
  await engine.createIndexes(collectionsOf(databaseOf(connection)));
}

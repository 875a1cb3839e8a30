/**
 * Checks the server behind the connection (supported-server.ts) and builds the storage adapter,
 * once per process at start-up.
 */
import type { Connection } from 'mongoose';
import { databaseOf } from '../../mongo/connection';
import { mongoDbEngine } from './mongodb/mongodb-engine';
import type { StorageEngine } from './storage-engine';
import { unsupportedServer } from './supported-server';

export async function openStorageEngine(connection: Connection): Promise<StorageEngine> {
  const db = databaseOf(connection);
  const buildInfo = await db.admin().command({ buildInfo: 1 });
  const hello = await db.admin().command({ hello: 1 });
  const refusal = unsupportedServer({ buildInfo, hello });
  if (refusal) throw new Error(refusal);
  return mongoDbEngine({ version: String(buildInfo.version), db });
}

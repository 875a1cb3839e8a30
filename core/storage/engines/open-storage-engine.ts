/**
 * Detects the engine behind the connection (`buildInfo` names FerretDB; `hello` tells a replica
 * set or a mongos) and builds its adapter, once per process at start-up.
 */
import type { Connection } from 'mongoose';
import { databaseOf } from '../../mongo/connection';
import { ferretDbEngine } from './ferretdb/ferretdb-engine';
import { mongoDbEngine } from './mongodb/mongodb-engine';
import type { StorageEngine } from './storage-engine';

export async function openStorageEngine(connection: Connection): Promise<StorageEngine> {
  const db = databaseOf(connection);
  const info = await db.admin().command({ buildInfo: 1 });
  if (typeof info.ferretdbVersion === 'string') {
    return ferretDbEngine({ version: info.ferretdbVersion, db });
  }
  const hello = await db.admin().command({ hello: 1 });
  const replicated = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
  return mongoDbEngine({ version: String(info.version), db, replicated });
}

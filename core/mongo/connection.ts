/**
 * The MongoDB connection: a replica set or a sharded cluster (DocumentDB's gateway answers as
 * one; open-storage-engine.ts refuses anything else). Every write waits for the write concern
 * (`majority` unless told otherwise): a write the service acknowledged is one a replica set's
 * failover keeps (docs/storage.md#write-and-read-concern). No wait is endless: a write whose
 * acknowledgement takes longer than its `wtimeout`, and a read past its time limit, fail as a
 * database that does not answer; and every read goes to the primary, whatever the URL asks
 * (docs/storage.md#timeouts-and-read-preference).
 */
import mongoose, { type Connection, type mongo } from 'mongoose';
import { setQueryTimeLimit } from './query-time-limit';

export interface MongoOptions {
  /** The write concern's `w` (MONGO_WRITE_CONCERN). */
  writeConcern?: 'majority' | number;
  /** How long a write waits for the write concern (MONGO_WRITE_TIMEOUT_MS). */
  writeTimeoutMS?: number;
  /** The server-side time limit of a read (MONGO_QUERY_TIMEOUT_MS). */
  queryTimeoutMS?: number;
}

/** Those of MONGO_WRITE_TIMEOUT_MS and MONGO_QUERY_TIMEOUT_MS, for tools without a config. */
const DEFAULT_WRITE_TIMEOUT_MS = 10_000;
const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

export async function connectMongo(
  url: string,
  appName: string,
  options: MongoOptions = {},
): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    appName,
    writeConcern: {
      w: options.writeConcern ?? 'majority',
      wtimeoutMS: options.writeTimeoutMS ?? DEFAULT_WRITE_TIMEOUT_MS,
    },
    // Over the URL's: a token just created must not read as unknown on a lagging secondary.
    readPreference: 'primary',
    serverSelectionTimeoutMS: 5_000,
    maxPoolSize: 20,
    // Indexes are made by the index command of a deploy; processes only check for them.
    autoIndex: false,
    autoCreate: false,
  });
  setQueryTimeLimit(connection, options.queryTimeoutMS ?? DEFAULT_QUERY_TIMEOUT_MS);
  await connection.asPromise();
  return connection;
}

export function databaseOf(connection: Connection): mongo.Db {
  const db = connection.db;
  if (!db) throw new Error('MongoDB is not connected');
  return db;
}

export async function pingMongo(connection: Connection): Promise<void> {
  await databaseOf(connection).command({ ping: 1 });
}

/**
 * The MongoDB connection: a replica set or a sharded cluster (DocumentDB's gateway answers as
 * one; open-storage-engine.ts refuses anything else). Every write waits for the
 * write concern (`majority` unless told otherwise): a write the service acknowledged is one a
 * replica set's failover keeps (docs/storage.md#write-and-read-concern).
 */
import mongoose, { type Connection, type mongo } from 'mongoose';

export interface MongoOptions {
  /** The write concern's `w` (MONGO_WRITE_CONCERN). */
  writeConcern?: 'majority' | number;
}

export async function connectMongo(
  url: string,
  appName: string,
  options: MongoOptions = {},
): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    appName,
    writeConcern: { w: options.writeConcern ?? 'majority' },
    serverSelectionTimeoutMS: 5_000,
    maxPoolSize: 20,
    // Indexes are created explicitly by `ensureIndexes`, once, not by every process at start-up.
    autoIndex: false,
    autoCreate: false,
  });
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

/**
 * The MongoDB connection. It works on MongoDB and on FerretDB v1: nothing here needs a replica
 * set, transactions or server features that FerretDB lacks.
 */
import mongoose, { type Connection, type mongo } from 'mongoose';

export async function connectMongo(url: string, appName: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    appName,
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

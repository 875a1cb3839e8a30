/**
 * The MongoDB connection. It works on MongoDB and on FerretDB v1: nothing here needs a replica
 * set, transactions or server features that FerretDB lacks.
 */
import mongoose, { type Connection } from 'mongoose';

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

export async function pingMongo(connection: Connection): Promise<void> {
  const db = connection.db;
  if (!db) throw new Error('MongoDB is not connected');
  await db.command({ ping: 1 });
}

/**
 * The DocumentDB that scripts/engines/documentdb.ts starts for dev and the tests: reached only
 * with the password made for its start, stopped with nothing left listening, started again on
 * the same port, data and password with its data kept (what the fault tests do to it), and its
 * scheduled jobs running (an index on a collection that holds documents is built by one).
 */
import { existsSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { mongo } from 'mongoose';
import {
  newDataDir,
  startDocumentDb,
  type RunningDocumentDb,
} from '../../../scripts/engines/documentdb';

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function withClient<T>(url: string, use: (db: mongo.Db) => Promise<T>): Promise<T> {
  const client = await mongo.MongoClient.connect(url, { serverSelectionTimeoutMS: 5_000 });
  try {
    return await use(client.db());
  } finally {
    await client.close();
  }
}

describe('the local DocumentDB', () => {
  const dataDir = newDataDir();
  let engine: RunningDocumentDb | undefined;

  afterAll(async () => {
    await engine?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when started, then it answers its URL, and a wrong password is refused', async () => {
    engine = await startDocumentDb({ dataDir, database: 'local-engine' });
    const stored = await withClient(engine.url, async (db) => {
      await db.collection('things').insertOne({ _id: 'a' as never, n: 1 });
      return db.collection('things').countDocuments();
    });
    expect(stored).toBe(1);
    const wrong = new URL(engine.url);
    wrong.password = `${engine.password}x`;
    await expect(withClient(wrong.toString(), (db) => db.command({ ping: 1 }))).rejects.toThrow();
  });

  it('when stopped and started again on its port, data and password, then its data is there', async () => {
    const { port, password, url } = engine as RunningDocumentDb;
    await engine?.stop();
    expect(await listening(port)).toBe(false);
    expect(existsSync(dataDir)).toBe(true);
    engine = await startDocumentDb({ dataDir, database: 'local-engine', port, password });
    expect(engine.url).toBe(url);
    const found = await withClient(url, (db) =>
      db.collection('things').findOne({ _id: 'a' as never }),
    );
    expect(found).toMatchObject({ n: 1 });
  });

  it('when a start makes a new password, then the old one no longer opens it', async () => {
    const { port, password } = engine as RunningDocumentDb;
    await engine?.stop();
    engine = await startDocumentDb({ dataDir, database: 'local-engine', port });
    expect(engine.password).not.toBe(password);
    const old = new URL(engine.url);
    old.password = password;
    await expect(withClient(old.toString(), (db) => db.command({ ping: 1 }))).rejects.toThrow();
  });

  it('when an index is made on a collection that holds documents, then the job that builds it runs', async () => {
    const { url } = engine as RunningDocumentDb;
    const indexes = await withClient(url, async (db) => {
      await db.collection('things').createIndex({ n: 1 }, { name: 'n_1' });
      return db.collection('things').listIndexes().toArray() as Promise<{ name: string }[]>;
    });
    expect(indexes.map((index) => index.name)).toContain('n_1');
  }, 30_000);
});

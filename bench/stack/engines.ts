/**
 * Redis and the database: REDIS_URL / MONGO_URL when both are set (a database and a queue prefix
 * of the benchmark's own, removed at the end), else a local redis-server and DocumentDB started by
 * scripts/local-engines.ts. The engine's name and version come from `buildInfo`, except that
 * DocumentDB's gateway answers as MongoDB 7.0 there: the engine the benchmark started names itself.
 */
import { mongo } from 'mongoose';
import { startLocalEngines } from '../../scripts/local-engines';

export interface EngineVersion {
  /** "documentdb" or "mongodb". */
  name: string;
  /** The MongoDB version the server reports. */
  version: string;
  /** The engine's back end, when the benchmark started it (buildInfo does not say). */
  backend?: string;
}

export interface Engines {
  redisUrl: string;
  mongoUrl: string;
  queuePrefix: string;
  version: EngineVersion;
  stop(): Promise<void>;
}

export async function withClient<T>(url: string, use: (db: mongo.Db) => Promise<T>): Promise<T> {
  const client = await mongo.MongoClient.connect(url, { appName: 'bench-engines' });
  try {
    return await use(client.db());
  } finally {
    await client.close();
  }
}

function engineVersion(url: string): Promise<EngineVersion> {
  return withClient(url, async (db) => {
    const info = await db.admin().command({ buildInfo: 1 });
    return { name: 'mongodb', version: String(info.version) };
  });
}

export async function startEngines(): Promise<Engines> {
  const stamp = Date.now().toString(36);
  const { REDIS_URL, MONGO_URL } = process.env;
  if (REDIS_URL && MONGO_URL) {
    const url = new URL(MONGO_URL);
    url.pathname = `/funnel_sync_bench_${stamp}`;
    const mongoUrl = url.toString();
    return {
      redisUrl: REDIS_URL,
      mongoUrl,
      queuePrefix: `bench-${stamp}`,
      version: await engineVersion(mongoUrl),
      stop: () => withClient(mongoUrl, (db) => db.dropDatabase()).then(() => undefined),
    };
  }
  const local = await startLocalEngines({ database: 'funnel-sync-bench' });
  try {
    const version = await engineVersion(local.mongoUrl);
    return {
      redisUrl: local.redisUrl,
      mongoUrl: local.mongoUrl,
      queuePrefix: 'bench',
      // scripts/local-engines.ts runs DocumentDB on PostgreSQL 15.
      version:
        local.engineName === 'documentdb'
          ? { ...version, name: 'documentdb', backend: 'postgresql 15' }
          : version,
      stop: () => local.stop(),
    };
  } catch (error) {
    await local.stop();
    throw error;
  }
}

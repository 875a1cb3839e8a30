/**
 * The engines the benchmark runs on: REDIS_URL / MONGO_URL when both are set (a database and a
 * queue prefix of the benchmark's own, removed at the end), else a local redis-server and FerretDB
 * started by scripts/local-engines.ts. Also finds the engines' pids, so that the table can show
 * how busy the database was (only when it runs on this machine).
 */
import { mongo } from 'mongoose';
import { startLocalEngines } from '../scripts/local-engines';
import { pidListeningOn } from './proc-stats';

export interface EngineVersion {
  /** "ferretdb" or "mongodb". */
  name: string;
  /** FerretDB's own version, or MongoDB's. */
  version: string;
  /** The MongoDB version the server claims to be (FerretDB answers as one). */
  mongoVersion: string;
  /** FerretDB's back end ("sqlite"), when the benchmark started it (buildInfo does not say). */
  backend?: string;
}

export interface BenchEngines {
  redisUrl: string;
  mongoUrl: string;
  queuePrefix: string;
  /** Pids of local engine processes, when found. */
  pids: { redis?: number; mongo?: number };
  version: EngineVersion;
  stop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function localPid(url: string): number | undefined {
  const { hostname, port } = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname) || !port) return undefined;
  return pidListeningOn(Number(port));
}

/** The engine's name and version from `buildInfo`. */
export async function engineVersion(url: string): Promise<EngineVersion> {
  const client = await mongo.MongoClient.connect(url, { appName: 'bench-probe' });
  try {
    const info = await client.db().admin().command({ buildInfo: 1 });
    const ferret = typeof info.ferretdbVersion === 'string';
    return {
      name: ferret ? 'ferretdb' : 'mongodb',
      version: ferret ? String(info.ferretdbVersion) : String(info.version),
      mongoVersion: String(info.version),
    };
  } finally {
    await client.close();
  }
}

/** scripts/local-engines.ts starts FerretDB on its SQLite back end. */
async function localVersion(url: string, engineName: string): Promise<EngineVersion> {
  const version = await engineVersion(url);
  return engineName === 'ferretdb' ? { ...version, backend: 'sqlite' } : version;
}

async function dropDatabase(url: string): Promise<void> {
  const client = await mongo.MongoClient.connect(url, { appName: 'bench-cleanup' });
  try {
    await client.db().dropDatabase();
  } finally {
    await client.close();
  }
}

export async function startEngines(): Promise<BenchEngines> {
  const stamp = Date.now().toString(36);
  const { REDIS_URL, MONGO_URL } = process.env;
  if (REDIS_URL && MONGO_URL) {
    const mongoUrl = withDatabase(MONGO_URL, `funnel_sync_bench_${stamp}`);
    return {
      redisUrl: REDIS_URL,
      mongoUrl,
      queuePrefix: `bench-${stamp}`,
      pids: { redis: localPid(REDIS_URL), mongo: localPid(MONGO_URL) },
      version: await engineVersion(mongoUrl),
      stop: () => dropDatabase(mongoUrl),
    };
  }
  const local = await startLocalEngines({ database: 'funnel-sync-bench' });
  try {
    return {
      redisUrl: local.redisUrl,
      mongoUrl: local.mongoUrl,
      queuePrefix: 'bench',
      pids: { redis: localPid(local.redisUrl), mongo: localPid(local.mongoUrl) },
      version: await localVersion(local.mongoUrl, local.engineName),
      stop: () => local.stop(),
    };
  } catch (error) {
    await local.stop();
    throw error;
  }
}

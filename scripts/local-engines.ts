/**
 * Starts the engines that `npm run dev` and the tests use when REDIS_URL / MONGO_URL are unset:
 * a redis-server and DocumentDB (PostgreSQL with Microsoft's MongoDB-compatible engine, behind
 * its gateway), each on a free loopback port, with their data in a temporary directory that is
 * removed when they stop. (No local `mongod` stands in: a standalone server runs no
 * multi-document transactions, and the service refuses it.)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentDbGateway, startDocumentDb } from './engines/documentdb';
import { freePort, launch, which, type RunningEngine } from './engines/engine-process';

export { freePort, type RunningEngine };

export interface LocalEngines {
  redisUrl: string;
  mongoUrl: string;
  engineName: string;
  stop(): Promise<void>;
}

const MISSING_ENGINES_HELP =
  'funnel-sync needs Redis and a MongoDB-compatible server. Run `npm run engines:install` ' +
  '(on Debian it installs redis-server and PostgreSQL 15, and builds DocumentDB and its gateway ' +
  'from scripts/engines/sources: a few minutes the first time), or set REDIS_URL and MONGO_URL ' +
  'to servers you run yourself.';

function findRedisServer(): string | undefined {
  return which('redis-server');
}

/** A throw-away redis-server; `port` lets a test restart it where its clients expect it. */
export async function startRedis(options: { port?: number; dir?: string } = {}) {
  const binary = findRedisServer();
  if (!binary) throw new Error(MISSING_ENGINES_HELP);
  const port = options.port ?? (await freePort());
  const dir = options.dir ?? tmpdir();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  args.push('--dir', dir, '--maxmemory-policy', 'noeviction', '--loglevel', 'warning');
  return launch('redis-server', binary, args, port, `redis://127.0.0.1:${port}`);
}

function mongoEngineInstalled(): boolean {
  return documentDbGateway() !== undefined;
}

/** DocumentDB. With `dataDir`, its data stays there between starts; else it goes with stop(). */
function startMongoEngine(options: { database: string; dataDir?: string }) {
  const dataDir = options.dataDir && path.join(options.dataDir, 'documentdb');
  return startDocumentDb({ dataDir, database: options.database });
}

/**
 * The MongoDB-compatible engine alone, its data removed at stop: for callers that start Redis in
 * a topology of their own (a cluster, a Sentinel group).
 */
export async function startLocalMongo(database = 'funnel-sync'): Promise<RunningEngine> {
  if (!mongoEngineInstalled()) throw new Error(MISSING_ENGINES_HELP);
  return startMongoEngine({ database });
}

/**
 * Starts Redis and a MongoDB-compatible engine. Their data goes to `dataDir` and stays there when
 * one is given (dev keeps its data across restarts); else to temporary directories removed at stop.
 */
export async function startLocalEngines(
  options: { database?: string; dataDir?: string } = {},
): Promise<LocalEngines> {
  const database = options.database ?? 'funnel-sync';
  if (!findRedisServer() || !mongoEngineInstalled()) throw new Error(MISSING_ENGINES_HELP);
  const redisDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'funnel-sync-redis-'));
  mkdirSync(redisDir, { recursive: true });
  const started: RunningEngine[] = [];
  const stop = async () => {
    await Promise.all(started.map((engine) => engine.stop()));
    if (!options.dataDir) rmSync(redisDir, { recursive: true, force: true });
  };
  try {
    // Side by side: DocumentDB takes the longer, Redis is ready meanwhile.
    const [redis, mongo] = await Promise.allSettled([
      startRedis({ dir: redisDir }),
      startMongoEngine({ database, dataDir: options.dataDir }),
    ]);
    for (const engine of [redis, mongo])
      if (engine.status === 'fulfilled') started.push(engine.value);
    if (redis.status === 'rejected') throw redis.reason;
    if (mongo.status === 'rejected') throw mongo.reason;
    return {
      redisUrl: redis.value.url,
      mongoUrl: mongo.value.url,
      engineName: mongo.value.name,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

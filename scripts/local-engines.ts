/**
 * Starts the engines that `npm run dev` and the tests use when REDIS_URL / MONGO_URL are unset:
 * a redis-server and a FerretDB v1 (SQLite back end), each on a free loopback port, with their
 * data in a temporary directory that is removed when they stop. A local `mongod` stands in for
 * FerretDB when it is the only one present.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningEngine {
  readonly name: string;
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export interface LocalEngines {
  redisUrl: string;
  mongoUrl: string;
  engineName: string;
  stop(): Promise<void>;
}

const MISSING_ENGINES_HELP =
  'funnel-sync needs Redis and a MongoDB-compatible server. Run `npm run engines:install` ' +
  '(on Debian it installs redis-server and builds FerretDB v1 with Go), or set REDIS_URL and ' +
  'MONGO_URL to servers you run yourself.';

/** Asks the kernel for a port that is free right now on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export function which(command: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  const located = found.stdout.trim();
  return found.status === 0 && located ? located : undefined;
}

/**
 * Where `scripts/install-engines.sh` puts FerretDB (GOPATH, built with its `_id` fix), else where
 * the user already has it.
 */
function findFerretDb(): string | undefined {
  if (process.env.FERRETDB_BIN) return process.env.FERRETDB_BIN;
  const gopath = spawnSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).stdout?.trim();
  const built = path.join(
    gopath || path.join(process.env.HOME ?? '/root', 'go'),
    'bin',
    'ferretdb',
  );
  return existsSync(built) ? built : which('ferretdb');
}

function findRedisServer(): string | undefined {
  return which('redis-server');
}

export async function waitForPort(
  port: number,
  child: ChildProcess,
  name: string,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not listen on port ${port} within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function launch(
  name: string,
  command: string,
  args: string[],
  port: number,
  url: string,
): Promise<RunningEngine> {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  try {
    await waitForPort(port, child, name);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { name, url, port, stop: () => stopChild(child) };
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

/** A FerretDB on SQLite in `dir`; `port` and the same `dir` let a test restart it with its data. */
export async function startFerretDb(options: { dir: string; database?: string; port?: number }) {
  const binary = findFerretDb();
  if (!binary) throw new Error(MISSING_ENGINES_HELP);
  const port = options.port ?? (await freePort());
  const args = [
    '--handler=sqlite',
    `--sqlite-url=file:${options.dir}/`,
    `--listen-addr=127.0.0.1:${port}`,
    '--debug-addr=-',
    `--state-dir=${options.dir}`,
    '--telemetry=disable',
    '--log-level=warn',
  ];
  const url = `mongodb://127.0.0.1:${port}/${options.database ?? 'funnel-sync'}`;
  return launch('ferretdb', binary, args, port, url);
}

async function startMongod(options: { dir: string; database?: string }) {
  const binary = which('mongod');
  if (!binary) throw new Error(MISSING_ENGINES_HELP);
  const port = await freePort();
  const args = ['--port', String(port), '--bind_ip', '127.0.0.1', '--dbpath', options.dir];
  const url = `mongodb://127.0.0.1:${port}/${options.database ?? 'funnel-sync'}`;
  return launch('mongod', binary, [...args, '--quiet'], port, url);
}

/** FerretDB, or a local `mongod` when FerretDB is the one missing. */
function startMongoEngine(options: { dir: string; database: string }) {
  return findFerretDb() ? startFerretDb(options) : startMongod(options);
}

/**
 * The MongoDB-compatible engine alone, its data in a temporary directory removed at stop: for
 * callers that start Redis in a topology of their own (a cluster, a Sentinel group).
 */
export async function startLocalMongo(database = 'funnel-sync'): Promise<RunningEngine> {
  if (!findFerretDb() && !which('mongod')) throw new Error(MISSING_ENGINES_HELP);
  const dir = mkdtempSync(path.join(tmpdir(), 'funnel-sync-mongo-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    const engine = await startMongoEngine({ dir, database });
    return { ...engine, stop: () => engine.stop().then(removeDir) };
  } catch (error) {
    removeDir();
    throw error;
  }
}

/**
 * Starts Redis and a MongoDB-compatible engine. Their data goes to `dataDir` and stays there when
 * one is given (dev keeps its data across restarts); else to a temporary directory removed at stop.
 */
export async function startLocalEngines(
  options: { database?: string; dataDir?: string } = {},
): Promise<LocalEngines> {
  const database = options.database ?? 'funnel-sync';
  const ferretdb = findFerretDb();
  if (!findRedisServer() || (!ferretdb && !which('mongod'))) throw new Error(MISSING_ENGINES_HELP);
  const dir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'funnel-sync-engines-'));
  mkdirSync(dir, { recursive: true });
  const started: RunningEngine[] = [];
  const stop = async () => {
    await Promise.all(started.map((engine) => engine.stop()));
    if (!options.dataDir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const redis = await startRedis({ dir });
    started.push(redis);
    const mongo = await startMongoEngine({ dir, database });
    started.push(mongo);
    return { redisUrl: redis.url, mongoUrl: mongo.url, engineName: mongo.name, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The PostgreSQL 15 cluster under the local DocumentDB (scripts/engines/documentdb.ts). It listens
 * on a Unix socket only, in a folder only its owner may enter, so its `trust` authentication lets
 * in no one but that owner and the gateway. PostgreSQL refuses to run as root: as root, the
 * cluster belongs to the `postgres` user Debian's package creates, and runs as that user.
 *
 * A new cluster is a copy of a template made once per build of the engine (initdb and the
 * extensions take seconds; a copy, a fraction of one).
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  appendFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnKeepingStderr, stopChild } from './engine-process';

export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';
/** The port only names the socket file (`.s.PGSQL.5432`): the cluster opens no TCP port. */
export const SOCKET_PORT = 5432;
/** The login the gateway's clients use (a DocumentDB administrator). */
export const MONGO_USER = 'funnel_sync';

/** The files of a cluster that the gateway reads: its TLS certificate and key. */
export const GATEWAY_CERT = 'gateway-cert.pem';
export const GATEWAY_KEY = 'gateway-key.pem';

/** Who runs PostgreSQL: ourselves, or the `postgres` user when we are root. */
interface Runner {
  uid: number;
  gid: number;
}

function runner(): Runner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'postgres');
  if (!entry) {
    throw new Error(
      'PostgreSQL does not run as root, and there is no `postgres` user to run it as ' +
        "(Debian's postgresql-15 package creates it: run `npm run engines:install`).",
    );
  }
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

function asRunner(options: SpawnOptions = {}): SpawnOptions {
  const who = runner();
  return who ? { ...options, uid: who.uid, gid: who.gid } : options;
}

/** Hands `dir` (not what is in it) to whoever runs PostgreSQL. */
function giveToRunner(dir: string): void {
  const who = runner();
  if (who) chownSync(dir, who.uid, who.gid);
}

/** A folder of our own in the temporary directory, given to whoever runs PostgreSQL. */
export function runnerTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  giveToRunner(dir);
  return dir;
}

function run(command: string, args: string[], options: SpawnOptions = {}, input?: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} failed (code ${code}): ${stderr.trim()}`)),
    );
    child.stdin?.end(input ?? '');
  });
}

/** Runs SQL as the cluster's superuser, over its socket. */
function psql(socketDir: string, sql: string): Promise<void> {
  const args = ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', socketDir];
  args.push('-p', String(SOCKET_PORT), '-U', 'postgres', '-d', 'postgres');
  return run(path.join(POSTGRES_BIN, 'psql'), args, { cwd: socketDir }, sql);
}

/**
 * Settings of every start. DocumentDB connects back to the server through libpq for some
 * commands: over the same socket, since the server has no TCP port.
 */
function startSettings(socketDir: string): string[] {
  return [
    `unix_socket_directories=${socketDir}`,
    `port=${SOCKET_PORT}`,
    `documentdb.localhost_connection_string=host=${socketDir}`,
  ].flatMap((setting) => ['-c', setting]);
}

/**
 * Settings kept in the template's postgresql.conf. pg_cron runs DocumentDB's jobs (index builds
 * of collections that hold documents, TTL expiry) in background workers: a job scheduled through
 * libpq keeps the address of the socket it was scheduled on, which each start moves. No fsync: a
 * local engine's data need not outlive a crash of the machine, and tests write a lot.
 */
const CLUSTER_CONF = `
listen_addresses = ''
unix_socket_permissions = 0700
shared_preload_libraries = 'pg_cron,pg_documentdb_core,pg_documentdb'
cron.database_name = 'postgres'
cron.use_background_workers = on
max_worker_processes = 64
max_connections = 300
min_wal_size = 2MB
wal_recycle = off
fsync = off
full_page_writes = off
documentdb.enableUserCrud = true
documentdb.maxUserLimit = 100
documentdb.enableCompact = true
documentdb.enableLetAndCollationForQueryMatch = true
documentdb.enableNowSystemVariable = true
documentdb.enableSortbyIdPushDownToPrimaryKey = true
documentdb.enableSchemaValidation = true
documentdb.enableBypassDocumentValidation = true
`;

export interface RunningPostgres {
  stop(): Promise<void>;
  /** Stops it at once, for a process that is exiting (no waiting is possible there). */
  kill(): void;
}

/** Resolves once the server says it is ready (postmaster.pid), or fails with its output. */
async function waitUntilReady(dataDir: string, pid: number, exited: () => string | undefined) {
  const deadline = Date.now() + 30_000;
  const pidFile = path.join(dataDir, 'postmaster.pid');
  while (Date.now() < deadline) {
    const failure = exited();
    if (failure !== undefined) throw new Error(failure);
    const lines = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n') : [];
    if (lines[0] === String(pid) && lines[7]?.trim() === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`PostgreSQL in ${dataDir} was not ready within 30 s`);
}

export async function startPostgres(dataDir: string, socketDir: string): Promise<RunningPostgres> {
  const args = ['-D', dataDir, ...startSettings(socketDir)];
  const { child, stderr } = spawnKeepingStderr(
    path.join(POSTGRES_BIN, 'postgres'),
    args,
    asRunner({ cwd: socketDir }),
  );
  const exited = () =>
    child.exitCode !== null ? `PostgreSQL exited (code ${child.exitCode}): ${stderr()}` : undefined;
  try {
    await waitUntilReady(dataDir, child.pid ?? -1, exited);
  } catch (error) {
    await stopChild(child, 'SIGINT');
    throw error;
  }
  return {
    // SIGINT: PostgreSQL's fast shutdown (SIGTERM would wait for every client to leave).
    stop: () => stopChild(child, 'SIGINT'),
    // SIGQUIT: its immediate shutdown, which also ends its own processes.
    kill: () => void child.kill('SIGQUIT'),
  };
}

/** Sets the password of the gateway's login; a new one at each start. */
export function setPassword(socketDir: string, password: string): Promise<void> {
  return psql(socketDir, `ALTER ROLE ${MONGO_USER} PASSWORD '${password}';`);
}

export function newPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Copies a cluster, its owner and modes with it. */
export function copyCluster(from: string, to: string): Promise<void> {
  return run('cp', ['-a', '--reflink=auto', from, to]);
}

/**
 * DocumentDB, and the login the gateway's clients use. PostgreSQL's template databases go: all of
 * DocumentDB lives in the database `postgres`, no database is ever created from them, and without
 * them and the WAL of the set-up a copy of the template is half the files.
 */
const INIT_SQL = [
  'CREATE EXTENSION documentdb CASCADE;',
  `CREATE ROLE ${MONGO_USER} LOGIN IN ROLE documentdb_admin_role;`,
  `ALTER ROLE ${MONGO_USER} CREATEROLE;`,
  `GRANT ${MONGO_USER} TO postgres WITH ADMIN OPTION;`,
  "UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1');",
  'DROP DATABASE template0;',
  'DROP DATABASE template1;',
  'CHECKPOINT;',
].join('\n');

/** A new cluster in `dataDir` with DocumentDB, its login and the gateway's certificate. */
async function initCluster(dataDir: string, socketDir: string): Promise<void> {
  // WAL in segments of 1 MB rather than 16: the template, copied at every start, stays small.
  const initdb = ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '-N'];
  await run(path.join(POSTGRES_BIN, 'initdb'), [...initdb, '--locale=C.UTF-8', '--wal-segsize=1'], {
    ...asRunner({ cwd: socketDir }),
  });
  appendFileSync(path.join(dataDir, 'postgresql.conf'), CLUSTER_CONF);
  // A self-signed certificate the gateway insists on loading; clients here speak plain TCP.
  const cert = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '36500'];
  cert.push('-subj', '/CN=localhost', '-keyout', path.join(dataDir, GATEWAY_KEY));
  await run('openssl', [...cert, '-out', path.join(dataDir, GATEWAY_CERT)], asRunner());
  const postgres = await startPostgres(dataDir, socketDir);
  try {
    await psql(socketDir, INIT_SQL);
  } finally {
    await postgres.stop();
  }
}

/** Names the template after how it is made: a change of settings makes a new one. */
const TEMPLATE_NAME = `template-${createHash('sha256').update(CLUSTER_CONF).update(INIT_SQL).digest('hex').slice(0, 12)}`;

/**
 * The template cluster in `buildDir` (the engine's build, in the install script's cache), made
 * the first time. Two processes making it at once each make one; the first rename wins.
 */
export async function clusterTemplate(buildDir: string): Promise<string> {
  const template = path.join(buildDir, TEMPLATE_NAME);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const work = runnerTempDir('funnel-sync-template-');
  const partial = `${template}.partial-${process.pid}`;
  try {
    const dataDir = path.join(work, 'pg');
    await initCluster(dataDir, work);
    rmSync(partial, { recursive: true, force: true });
    await copyCluster(dataDir, partial);
    try {
      renameSync(partial, template);
    } catch (error) {
      if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
    }
    return template;
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(partial, { recursive: true, force: true });
  }
}

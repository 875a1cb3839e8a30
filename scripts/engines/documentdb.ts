/**
 * DocumentDB on loopback: its PostgreSQL cluster (postgres-cluster.ts) and its gateway, which
 * speaks MongoDB's wire protocol on a free port and always asks for a password (SCRAM-SHA-256).
 * The password is new at each start, unless the caller hands the last one back (a test that
 * restarts the engine under processes that keep their URL).
 */
import { existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  spawnKeepingStderr,
  stopChild,
  waitForPort,
  type RunningEngine,
} from './engine-process';
import {
  GATEWAY_CERT,
  GATEWAY_KEY,
  MONGO_USER,
  POSTGRES_BIN,
  SOCKET_PORT,
  clusterTemplate,
  copyCluster,
  newPassword,
  runnerTempDir,
  setPassword,
  startPostgres,
  type RunningPostgres,
} from './postgres-cluster';

export interface DocumentDbOptions {
  /** Where the cluster's data stays between starts; a temporary folder removed at stop if unset. */
  dataDir?: string;
  database?: string;
  port?: number;
  password?: string;
}

export interface RunningDocumentDb extends RunningEngine {
  readonly password: string;
}

/**
 * The gateway scripts/engines/install-documentdb.sh built (a link in its cache), or the one
 * DOCUMENTDB_GATEWAY names; undefined when it or PostgreSQL is missing.
 */
export function documentDbGateway(): string | undefined {
  const cache = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  const gateway =
    process.env.DOCUMENTDB_GATEWAY ||
    path.join(cache, 'funnel-sync', 'engines', 'documentdb_gateway');
  return existsSync(gateway) && existsSync(path.join(POSTGRES_BIN, 'postgres'))
    ? gateway
    : undefined;
}

/**
 * A new, empty folder in the temporary directory for `dataDir`, which the cluster's owner may
 * enter (the `postgres` user, when we are root). The caller removes it.
 */
export function newDataDir(): string {
  return runnerTempDir('funnel-sync-documentdb-');
}

function writeGatewayConfig(socketDir: string, dataDir: string, port: number): string {
  const file = path.join(socketDir, 'gateway.json');
  const config = {
    NodeHostName: 'localhost',
    BlockedRolePrefixes: ['documentdb', 'citus', 'pg', 'internal_role'],
    PostgresSystemUser: 'postgres',
    PostgresHostName: socketDir,
    PostgresPort: SOCKET_PORT,
    UseLocalHost: true,
    GatewayListenPort: port,
    // Plain TCP on loopback; the gateway still wants a certificate to load.
    EnforceSslTcp: false,
    CertificateOptions: {
      CertType: 'PemFile',
      FilePath: path.join(dataDir, GATEWAY_CERT),
      KeyFilePath: path.join(dataDir, GATEWAY_KEY),
    },
  };
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/** The cluster's folder: the caller's, made from the template the first time, or a new one. */
async function clusterDir(template: string, dataDir: string | undefined) {
  if (!dataDir) {
    const temporary = runnerTempDir('funnel-sync-documentdb-');
    await copyCluster(template, path.join(temporary, 'pg'));
    return { dir: path.join(temporary, 'pg'), remove: temporary };
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(path.dirname(dataDir), { recursive: true });
    await copyCluster(template, dataDir);
  }
  return { dir: dataDir, remove: undefined };
}

export async function startDocumentDb(options: DocumentDbOptions = {}): Promise<RunningDocumentDb> {
  const gateway = documentDbGateway();
  if (!gateway) throw new Error('DocumentDB is not installed: run `npm run engines:install`.');
  const template = await clusterTemplate(path.dirname(realpathSync(gateway)));
  const cluster = await clusterDir(template, options.dataDir);
  const socketDir = runnerTempDir('fs-pg-');
  const removeDirs = () => {
    for (const dir of [socketDir, cluster.remove]) {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  };
  let postgres: RunningPostgres | undefined;
  let gatewayProcess: ReturnType<typeof spawnKeepingStderr> | undefined;
  // A process that exits without stop() (an uncaught error) leaves nothing running behind it.
  const onExit = () => {
    gatewayProcess?.child.kill('SIGKILL');
    postgres?.kill();
    removeDirs();
  };
  const stop = async () => {
    process.off('exit', onExit);
    if (gatewayProcess) await stopChild(gatewayProcess.child);
    await postgres?.stop();
    removeDirs();
  };
  process.on('exit', onExit);
  try {
    postgres = await startPostgres(cluster.dir, socketDir);
    const password = options.password ?? newPassword();
    await setPassword(socketDir, password);
    const port = options.port ?? (await freePort());
    const config = writeGatewayConfig(socketDir, cluster.dir, port);
    gatewayProcess = spawnKeepingStderr(gateway, [config], { cwd: socketDir });
    await waitForPort(port, gatewayProcess.child, 'the DocumentDB gateway').catch((error) => {
      throw new Error(`${(error as Error).message}\n${gatewayProcess?.stderr()}`, { cause: error });
    });
    const database = options.database ?? 'funnel-sync';
    const url = `mongodb://${MONGO_USER}:${password}@127.0.0.1:${port}/${database}?authSource=admin`;
    return { name: 'documentdb', url, port, password, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

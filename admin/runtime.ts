/**
 * What every CLI command that touches the store runs inside: the validated configuration, a
 * MongoDB connection whose indexes are checked (the index command alone goes without), and the
 * promise that the connection is closed before the process exits, whatever happens.
 */
import { loadConfig, type CliConfig } from '../core/platform/config';
import { collections, type Collections } from '../core/storage/collections';
import { connectMongo } from '../core/mongo/connection';
import { transactionsOf, type Transactions } from '../core/mongo/transactions';
import { openStorageEngine } from '../core/storage/engines/open-storage-engine';
import type { StorageEngine } from '../core/storage/engines/storage-engine';
import { IndexesNotReadyError, requireServiceIndexes } from '../core/storage/required-indexes';
import { CliError, EXIT } from './cli-error';
import type { CliIo } from './cli-io';
import { composeCli, type CliServices } from './compose';

export interface CliRuntime extends CliServices {
  config: CliConfig;
  db: Collections;
  transactions: Transactions;
}

/** The store for a command, once the service's indexes are found on it. */
export function withStore<T>(io: CliIo, work: (runtime: CliRuntime) => Promise<T>): Promise<T> {
  return withDatabase(io, async ({ engine, ...runtime }) => {
    await requireServiceIndexes(engine, runtime.db).catch((error: unknown) => {
      if (!(error instanceof IndexesNotReadyError)) throw error;
      throw new CliError(EXIT.indexes, error.message);
    });
    return work(runtime);
  });
}

/** The store as it is, indexes or not: for the command that creates them. */
export async function withDatabase<T>(
  io: CliIo,
  work: (runtime: CliRuntime & { engine: StorageEngine }) => Promise<T>,
): Promise<T> {
  // A ConfigError leaves through the CLI's one exit path, as exit code 78.
  const config = loadConfig('cli', io.env);
  const options = {
    writeConcern: config.MONGO_WRITE_CONCERN,
    writeTimeoutMS: config.MONGO_WRITE_TIMEOUT_MS,
    queryTimeoutMS: config.MONGO_QUERY_TIMEOUT_MS,
  };
  const mongo = await connectMongo(config.MONGO_URL, 'funnel-sync-cli', options).catch(
    (error: unknown) => {
      throw new CliError(
        EXIT.unavailable,
        `MongoDB (MONGO_URL) does not answer: ${(error as Error).message}`,
      );
    },
  );
  try {
    const engine = await openStorageEngine(mongo);
    const db = collections(mongo);
    const transactions = transactionsOf(mongo);
    return await work({ config, db, engine, transactions, ...composeCli(db, transactions) });
  } finally {
    await mongo.close();
  }
}

/** Commands other than bootstrap act on a tenant that exists; a typo must not create one. */
export async function requireTenant(db: Collections, tenant: string): Promise<void> {
  const found = await db.tenants.findOne({ _id: tenant }, { projection: { _id: 1 } });
  if (!found) {
    throw new CliError(EXIT.notFound, `no tenant "${tenant}" (create it with: bootstrap)`);
  }
}

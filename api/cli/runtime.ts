/**
 * What every CLI command that touches the store runs inside: the validated configuration, a
 * MongoDB connection with its indexes ensured, and the promise that the connection is closed
 * before the process exits, whatever happens.
 */
import { loadConfig, type CliConfig } from '../../core/platform/config';
import { collections, type Collections } from '../../core/storage/collections';
import { connectMongo } from '../../core/mongo/connection';
import { transactionsOf, type Transactions } from '../../core/mongo/transactions';
import { openStorageEngine } from '../../core/storage/engines/open-storage-engine';
import { createLogger } from '../../core/platform/logger';
import { CliError, EXIT } from './cli-error';
import type { CliIo } from './cli-io';

export interface CliRuntime {
  config: CliConfig;
  db: Collections;
  transactions: Transactions;
}

export async function withStore<T>(
  io: CliIo,
  work: (runtime: CliRuntime) => Promise<T>,
): Promise<T> {
  // A ConfigError leaves through the CLI's one exit path, as exit code 78.
  const config = loadConfig('cli', io.env);
  // Logs go to stderr so that --json output on stdout stays one clean document; unless LOG_LEVEL
  // asks for more, only warnings: a person at a terminal wants the answer, not the engine notes.
  const level = io.env.LOG_LEVEL ? config.LOG_LEVEL : 'warn';
  const logger = createLogger('cli', level, io.stderr);
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
    const db = collections(mongo);
    await (await openStorageEngine(mongo)).ensureIndexes(db, logger);
    return await work({ config, db, transactions: transactionsOf(mongo) });
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

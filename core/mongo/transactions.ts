/**
 * Multi-document transactions: what must not be left half-written when a process dies between
 * two writes runs in one (docs/storage.md#transactions). The driver's `withTransaction` runs the
 * work, commits it, and runs it again on a transient failure (a write conflict, a primary that
 * stepped down) or retries a commit whose result is unknown, for up to 120 s.
 *
 * The work does not pass a session to each command: the service's collections
 * (core/storage/collections.ts) hand the running transaction's session to every command made
 * within it (joining-transaction.ts), so repositories written for plain writes take part as they
 * are. Commands within one transaction are awaited one after another, never in parallel.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mongo, type Connection } from 'mongoose';
import type { Logger } from '../platform/logger';

export interface Transactions {
  /**
   * Runs `work` in a transaction and commits it; inside a transaction already, joins it. `work`
   * may run more than once: it must not act outside the database (tell listeners, send
   * messages) before `run` returns.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
}

const running = new AsyncLocalStorage<mongo.ClientSession>();

/** The session of the transaction the current work runs in, while it is open. */
export function sessionOfRunningTransaction(): mongo.ClientSession | undefined {
  const session = running.getStore();
  return session?.inTransaction() ? session : undefined;
}

/** Write conflicts DocumentDB answers without the label MongoDB gives them. */
const WRITE_CONFLICT = 112;

/** A write conflict, or DocumentDB's lock not taken in time, which it answers as one. */
export const isWriteConflict = (error: unknown): error is mongo.MongoServerError =>
  error instanceof mongo.MongoServerError && error.code === WRITE_CONFLICT;

/**
 * Makes `error` run the transaction again, from the start: for a failure a new attempt gets past
 * (another transaction took the same key first). Answers the error, to be thrown.
 */
export function rerunTransaction(error: unknown): unknown {
  if (error instanceof mongo.MongoError) {
    error.addErrorLabel(mongo.MongoErrorLabel.TransientTransactionError);
  }
  return error;
}

/** `logger` is told of every run after the first (at debug level): conflicts are normal. */
export function mongoTransactions(client: mongo.MongoClient, logger?: Logger): Transactions {
  return {
    async run(work) {
      if (sessionOfRunningTransaction()) return work();
      const session = client.startSession();
      let attempt = 0;
      try {
        return await session.withTransaction(async () => {
          attempt += 1;
          if (attempt > 1) logger?.debug({ attempt }, 'transaction runs again');
          try {
            return await running.run(session, work);
          } catch (error) {
            throw isWriteConflict(error) ? rerunTransaction(error) : error;
          }
        });
      } finally {
        await session.endSession();
      }
    },
  };
}

export function transactionsOf(connection: Connection, logger?: Logger): Transactions {
  return mongoTransactions(connection.getClient(), logger);
}

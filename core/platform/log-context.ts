/**
 * The ids that every log line of a request or a job carries. Entry points open a context with
 * `withLogContext`; the logger's mixin reads it, so no code has to pass ids along by hand.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface LogContext {
  requestId?: string;
  jobId?: string;
  tenant?: string;
  tokenId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

export function withLogContext<T>(context: LogContext, run: () => T): T {
  return storage.run({ ...storage.getStore(), ...context }, run);
}

export function currentLogContext(): LogContext {
  return storage.getStore() ?? {};
}

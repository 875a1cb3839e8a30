/**
 * A worker in the test process, on real engines: the same composition as `npm run worker`
 * (worker/compose.ts), with its log lines kept for assertions. Faster than a spawned process, and
 * a test's failure shows the worker's stack. Fault tests, which kill workers, spawn them instead.
 */
import { Writable } from 'node:stream';
import { loadConfig } from '../../core/platform/config';
import { createLogger } from '../../core/platform/logger';
import { createServiceIndexes } from '../../scripts/processes/service-indexes';
import { composeWorker, type ComposedWorker } from '../../worker/compose';
import type { LogLine } from './processes';

export interface TestWorker {
  /** This process: the one that runs the worker's jobs. */
  readonly pid: number;
  readonly workerId: string;
  readonly lines: LogLine[];
  readonly composed: ComposedWorker;
  /** Resolves with the first log line that matches, waiting for it up to `timeoutMs`. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Lets running jobs finish, then closes its connections. */
  stop(): Promise<void>;
}

/** Starts a worker on `env`, the environment an API of the same deployment runs on. */
export async function startTestWorker(env: Record<string, string>): Promise<TestWorker> {
  // Several workers run at once here: none takes the fixed metrics port unless a test asks.
  const config = loadConfig('worker', { WORKER_METRICS_PORT: '0', ...env, LOG_LEVEL: 'debug' });
  await createServiceIndexes(config.MONGO_URL);
  const lines: LogLine[] = [];
  const listeners = new Set<() => void>();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      listeners.forEach((notify) => notify());
      done();
    },
  });
  const composed = await composeWorker(config, createLogger('worker', config.LOG_LEVEL, sink));
  return {
    pid: process.pid,
    workerId: composed.workerId,
    lines,
    composed,
    waitForLog(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          const tail = lines.slice(-15).map((line) => JSON.stringify(line));
          reject(
            new Error(`worker: no matching log line within ${timeoutMs} ms.\n${tail.join('\n')}`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    stop: () => composed.close(),
  };
}

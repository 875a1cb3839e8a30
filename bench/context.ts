/** What every scenario works with: the engines, the running stack, the target funnel, options. */
import type { Connection } from 'mongoose';
import type { ProcessGroups } from './cpu-meter';
import type { BenchEngines } from './engines';
import type { BenchOptions } from './options';
import type { Stack } from './stack';
import type { Target } from './tenant';

export interface BenchContext {
  engines: BenchEngines;
  stack: Stack;
  target: Target;
  /** The benchmark's own connection: tenant set-up and store resets. */
  mongo: Connection;
  options: BenchOptions;
  /** A temporary directory for request bodies handed to other processes. */
  workDir: string;
  /** Where the compiled API and worker are (bench/build.ts); undefined with `--tsx`. */
  buildDir: string | undefined;
  /** A progress line on stderr. */
  log(message: string): void;
}

/** The processes whose CPU the scenarios read: ours (api, workers), the engines', the bench's. */
export function processGroups(context: BenchContext): ProcessGroups {
  const { redis, mongo } = context.engines.pids;
  return {
    api: [context.stack.api.pid],
    workers: context.stack.workers.map((worker) => worker.pid),
    redis: redis ? [redis] : [],
    database: mongo ? [mongo] : [],
    bench: [process.pid],
  };
}

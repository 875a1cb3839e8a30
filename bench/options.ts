/**
 * The command line of `npm run bench`. Defaults are sized so that the whole run takes under ten
 * minutes on two cores with FerretDB; raise the counts on a bigger machine for tighter medians.
 */
import { parseArgs } from 'node:util';

/** In the order they run; the floor runs inside `latency` and `batch`, beside the product. */
export const SCENARIOS = [
  'latency',
  'batch',
  'naive',
  'growth',
  'scaling',
  'chunked',
  'store-size',
  'export',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export interface BenchOptions {
  /** Worker processes for every scenario but scaling. */
  workers: number;
  /** WORKER_CONCURRENCY of each worker. */
  workerConcurrency: number;
  /** Measured runs per figure (the median is reported), after `warmup` unmeasured ones. */
  runs: number;
  warmup: number;
  /** Single-item requests per latency run at concurrency 1, and at concurrency 32. */
  latencyRequests: number;
  burstRequests: number;
  /** Measured runs of the 50,000-item batch (each costs as much as five 10,000-item ones). */
  growthRuns: number;
  /** Items stored before the store-size scenario's requests. */
  storeSize: number;
  /** 1,000-item requests per scaling run, and how many are in flight at once. */
  scalingRequests: number;
  scalingInFlight: number;
  scalingWorkers: number[];
  /** After the table, profile API and workers on the workloads of the goals missed. */
  profile: boolean;
  /** Run only these scenarios (goals that need others are then reported as not measured). */
  only: ScenarioName[];
  logLevel: string;
  /** Keep the logs of API and workers in bench/results/logs/<date>/. */
  keepLogs: boolean;
  /**
   * How API and workers run: `compiled` by tsc and started with node, as production runs them
   * (the default), or under `tsx`, as `npm run api` / `npm run worker` do (`--tsx`).
   */
  runtime: Runtime;
}

export type Runtime = 'compiled' | 'tsx';

/** How API and workers ran, in words: for the printed header and the JSON record. */
export function describeRuntime(runtime: Runtime): string {
  return runtime === 'compiled'
    ? 'compiled by tsc, run with node as production runs them (node dist/<role>/main.js)'
    : 'under tsx, as npm run api / worker run them';
}

const HELP = `npm run bench -- [options]
  --workers N              worker processes (default 2)
  --worker-concurrency N   WORKER_CONCURRENCY of each worker (default 4)
  --runs N                 measured runs per figure, median reported (default 5)
  --warmup N               unmeasured runs before them (default 1)
  --latency-requests N     single-item requests per run at concurrency 1 (default 100)
  --burst-requests N       single-item requests per run at concurrency 32 (default 320)
  --growth-runs N          measured runs of the 50,000-item batch (default 2)
  --store-size N           items in the store for the store-size scenario (default 20000)
  --scaling-requests N     1,000-item requests per scaling run (default 16)
  --scaling-in-flight N    of which in flight at once (default 8)
  --scaling-workers LIST   worker counts to compare (default 1,2,4)
  --only LIST              scenarios: ${SCENARIOS.join(',')}
  --log-level LEVEL        LOG_LEVEL of API and workers (default info, as in production)
  --keep-logs              keep their logs in bench/results/logs/<date>/
  --tsx                    run API and workers under tsx, as npm run api / worker do, instead
                           of compiled by tsc and started with node, as production does
                           (node dist/<role>/main.js; the default; --compiled says so too)
  --profile                then CPU-profile API and workers on the goals missed
                           (profiles in bench/results/profiles/)`;

function count(value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`expected an integer ≥ ${min}`);
  return parsed;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      workers: { type: 'string' },
      'worker-concurrency': { type: 'string' },
      runs: { type: 'string' },
      warmup: { type: 'string' },
      'latency-requests': { type: 'string' },
      'burst-requests': { type: 'string' },
      'growth-runs': { type: 'string' },
      'store-size': { type: 'string' },
      'scaling-requests': { type: 'string' },
      'scaling-in-flight': { type: 'string' },
      'scaling-workers': { type: 'string' },
      only: { type: 'string' },
      'log-level': { type: 'string' },
      profile: { type: 'boolean', default: false },
      'keep-logs': { type: 'boolean', default: false },
      tsx: { type: 'boolean', default: false },
      // The default since the build became it; kept so that older command lines still run.
      compiled: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const only = (values.only ?? SCENARIOS.join(',')).split(',').map((name) => name.trim());
  const unknown = only.filter((name) => !(SCENARIOS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown scenario(s): ${unknown.join(', ')}\n${HELP}`);
  if (values.tsx && values.compiled) throw new Error(`--tsx and --compiled contradict\n${HELP}`);
  return {
    workers: count(values.workers, 2),
    workerConcurrency: count(values['worker-concurrency'], 4),
    runs: count(values.runs, 5),
    warmup: count(values.warmup, 1, 0),
    latencyRequests: count(values['latency-requests'], 100),
    burstRequests: count(values['burst-requests'], 320),
    growthRuns: count(values['growth-runs'], 2),
    storeSize: count(values['store-size'], 20_000),
    scalingRequests: count(values['scaling-requests'], 16),
    scalingInFlight: count(values['scaling-in-flight'], 8),
    scalingWorkers: (values['scaling-workers'] ?? '1,2,4').split(',').map((n) => count(n, 1)),
    profile: values.profile,
    only: only as ScenarioName[],
    logLevel: values['log-level'] ?? 'info',
    keepLogs: values['keep-logs'],
    runtime: values.tsx ? 'tsx' : 'compiled',
  };
}

/**
 * The benchmark's goals (listed below), judged from the results: met, missed, or not measured in
 * this run. A missed goal names the workload that a CPU profile should look at
 * (bench/profiling.ts).
 */
import { cpus } from 'node:os';
import type { Measured, Results } from './scenarios';
import { pairedMedian } from './stats';

export type GoalStatus = 'met' | 'missed' | 'not measured';

/** Workloads the profiling pass can run, one per kind of missed goal. */
export type Workload =
  'single-c1' | 'single-c32' | 'batch-1k' | 'batch-10k' | 'batch-50k' | 'scaling-2w' | 'export';

export interface GoalResult {
  id: string;
  goal: string;
  /** The measured figure, in words. */
  figure: string;
  status: GoalStatus;
  /** Why it is met when the figure alone says otherwise, or what a miss means. */
  note?: string;
  /** What to profile when missed. */
  workload: Workload;
}

const x = (value: number) => `${value.toFixed(2)}×`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function judge(
  id: string,
  goal: string,
  workload: Workload,
  compute: () => { figure: string; met: boolean; note?: string } | undefined,
): GoalResult {
  const outcome = compute();
  if (!outcome) return { id, goal, workload, figure: '—', status: 'not measured' };
  return {
    id,
    goal,
    workload,
    figure: outcome.figure,
    status: outcome.met ? 'met' : 'missed',
    ...(outcome.note ? { note: outcome.note } : {}),
  };
}

/**
 * Whether a scaling run shows a bottleneck outside our processes: the machine's cores nearly all
 * busy, or the database (or Redis) keeping one core busy by itself.
 */
function bottleneck(run: {
  machineBusyCores: number;
  databaseCores: number;
  redisCores: number;
}): string | undefined {
  const busy = run.machineBusyCores / cpus().length;
  if (run.databaseCores >= 0.9)
    return `the database kept ${run.databaseCores.toFixed(2)} cores busy`;
  if (run.redisCores >= 0.9) return `Redis kept ${run.redisCores.toFixed(2)} cores busy`;
  if (busy >= 0.9)
    return `the machine's ${cpus().length} cores were ${(busy * 100).toFixed(0)}% busy`;
  return undefined;
}

/**
 * Product against floor, run by run: each product run is paired with the floor run measured right
 * after it, and the median of the pairs' ratios is the figure (stats.ts says why).
 */
function pairedRatio<P, F>(
  batch: { product: Measured<P>; floor: Measured<F> },
  product: (run: P) => number,
  floor: (run: F) => number,
): number {
  return pairedMedian(batch.product.runs, batch.floor.runs, (p, f) => product(p) / floor(f));
}

export function judgeGoals(results: Results): GoalResult[] {
  const large = results.batch?.['10000'];
  const small = results.batch?.['1000'];
  return [
    judge('cpu-ratio', 'CPU of API + workers ≤ 2× the floor (10,000 items)', 'batch-10k', () => {
      if (!large) return undefined;
      const ratio = pairedRatio(
        large,
        (run) => run.ownCpuMs,
        (run) => run.cpuMs,
      );
      return { figure: x(ratio), met: ratio <= 2 };
    }),
    judge('wall-ratio', 'wall time ≤ 1.3× the floor (10,000 items)', 'batch-10k', () => {
      if (!large) return undefined;
      const ratio = pairedRatio(
        large,
        (run) => run.wallMs,
        (run) => run.wallMs,
      );
      return { figure: x(ratio), met: ratio <= 1.3 };
    }),
    judge('naive', '≥ 20× faster than one upsert at a time (1,000 items)', 'batch-1k', () => {
      if (!small || !results.naive) return undefined;
      const ratio = results.naive.naive.median.wallMs / small.product.median.wallMs;
      return { figure: x(ratio), met: ratio >= 20 };
    }),
    judge(
      'single-p50',
      "single-item p50 within 5 ms of the floor's single upsert",
      'single-c1',
      () => {
        const latency = results.latency;
        if (!latency) return undefined;
        // Against the `_id` upsert, whatever the engine's cheapest write is: one yardstick on every
        // engine.
        const gap = latency.c1.median.p50Ms - latency.floorSingleUpsert.median.p50Ms;
        return { figure: `+${ms(gap)}`, met: gap <= 5 };
      },
    ),
    judge(
      'single-c32-rate',
      "single items at c=32: req/s ≥ 0.5× the floor's 32 insertOne in flight",
      'single-c32',
      () => {
        const latency = results.latency;
        if (!latency) return undefined;
        const ratio = pairedRatio(
          { product: latency.c32, floor: latency.floorC32 },
          (run) => run.requestsPerSecond,
          (run) => run.writesPerSecond,
        );
        const ours = Math.round(latency.c32.median.requestsPerSecond);
        const floor = Math.round(latency.floorC32.median.writesPerSecond);
        return { figure: `${x(ratio)} (${ours} against ${floor}/s)`, met: ratio >= 0.5 };
      },
    ),
    judge(
      'single-c32-cpu',
      'single items at c=32: CPU of API + workers ≤ 2 ms a request',
      'single-c32',
      () => {
        const latency = results.latency;
        if (!latency) return undefined;
        const perRequest = latency.c32.median.ownCpuMsPerRequest;
        // Two decimals: the goal is near the figure's size.
        return { figure: `${perRequest.toFixed(2)} ms`, met: perRequest <= 2 };
      },
    ),
    judge('growth', '50,000 items cost ≤ 5.5× the time and CPU of 10,000', 'batch-50k', () => {
      if (!large || !results.growth) return undefined;
      const time = results.growth.product.median.wallMs / large.product.median.wallMs;
      const cpu = results.growth.product.median.ownCpuMs / large.product.median.ownCpuMs;
      return { figure: `time ${x(time)}, CPU ${x(cpu)}`, met: time <= 5.5 && cpu <= 5.5 };
    }),
    judge(
      'scaling',
      '2 workers ≥ 1.6× the items/s of 1, or the bottleneck shown',
      'scaling-2w',
      () => {
        const one = results.scaling?.find((entry) => entry.workers === 1)?.measured.median;
        const two = results.scaling?.find((entry) => entry.workers === 2)?.measured.median;
        if (!one || !two) return undefined;
        const ratio = two.itemsPerSecond / one.itemsPerSecond;
        if (ratio >= 1.6) return { figure: x(ratio), met: true };
        const shown = bottleneck(two);
        return shown
          ? { figure: x(ratio), met: true, note: `bottleneck shown: ${shown}` }
          : { figure: x(ratio), met: false, note: 'no bottleneck outside our processes shown' };
      },
    ),
    judge('rss', 'peak RSS < 200 MB API, < 300 MB worker (10,000 items)', 'batch-10k', () => {
      if (!large) return undefined;
      const runs = large.product.runs;
      const api = Math.max(...runs.map((run) => run.apiPeakRssMb));
      const worker = Math.max(...runs.map((run) => run.workerPeakRssMb));
      return {
        figure: `API ${api.toFixed(0)} MB, worker ${worker.toFixed(0)} MB`,
        met: api < 200 && worker < 300,
      };
    }),
    judge('export-rate', 'export delivers ≥ 5,000 changes/s (batches of 50)', 'export', () => {
      if (!results.export) return undefined;
      const { changesPerSecond: rate, arrived, changes } = results.export;
      const partial = arrived < changes ? `, ${arrived} of ${changes} arrived in time` : '';
      return {
        figure: `${Math.round(rate)}/s (receiver alone ${Math.round(results.export.referencePerSecond)}/s${partial})`,
        met: rate >= 5_000 && arrived === changes,
      };
    }),
    judge('export-lag', 'export lag p50 < 1 s at 1,000 item writes/s', 'export', () => {
      if (!results.export) return undefined;
      const { lagP50Ms, lagP99Ms, steadyItems, steadyArrived, steadySkippedTicks } = results.export;
      const partial =
        steadyArrived < steadyItems ? `, ${steadyArrived} of ${steadyItems} arrived` : '';
      const skipped = steadySkippedTicks > 0 ? `, ${steadySkippedTicks} ticks skipped` : '';
      return {
        figure: `p50 ${ms(lagP50Ms)}, p99 ${ms(lagP99Ms)}${partial}${skipped}`,
        met: lagP50Ms < 1_000,
      };
    }),
    judge(
      'export-ingest',
      '10,000-item request with an export active ≥ 0.8× paused',
      'export',
      () => {
        if (!results.export) return undefined;
        const { ingestActivePerSecond: active, ingestPausedPerSecond: paused } = results.export;
        const ratio = active / paused;
        return {
          figure: `${ratio.toFixed(2)}× (${Math.round(active)} against ${Math.round(paused)} items/s)`,
          met: ratio >= 0.8,
        };
      },
    ),
  ];
}

/**
 * Scenario 5: many 1,000-item requests in flight at once, with 1, 2 and 4 worker processes.
 * Besides items per second it reports how many cores each process kept busy, which is what shows
 * the bottleneck when adding workers does not help: the database, Redis, the API, or the machine.
 */
import { performance } from 'node:perf_hooks';
import { batchBody } from './batch';
import { assertSuccess, postItems } from './client';
import { processGroups, type BenchContext } from './context';
import { CpuMeter } from './cpu-meter';
import { repeat } from './repeat';
import { funnelUrl } from './tenant';

export interface ScalingRun {
  workers: number;
  items: number;
  wallMs: number;
  itemsPerSecond: number;
  /** Average cores kept busy over the run, per process group (1 = one core fully busy). */
  apiCores: number;
  workersCores: number;
  /** The busiest single worker. */
  busiestWorkerCores: number;
  redisCores: number;
  databaseCores: number;
  benchCores: number;
  /** Cores the rest of the machine kept busy: processes not ours, not the engines', not the bench. */
  otherCores: number;
  machineBusyCores: number;
}

export const SCALING_BATCH = 1_000;

async function runOnce(context: BenchContext, requests: number, inFlight: number) {
  const bodies = Array.from({ length: requests }, () => batchBody(SCALING_BATCH));
  const url = funnelUrl(context.target);
  const groups = processGroups(context);
  const meter = await CpuMeter.start(groups);
  const started = performance.now();
  let next = 0;
  const lanes = Array.from({ length: Math.min(inFlight, requests) }, async () => {
    while (next < bodies.length) {
      const body = bodies[next++] ?? '';
      assertSuccess(await postItems(url, context.target.token, body), 'a scaling request');
    }
  });
  await Promise.all(lanes);
  const wallMs = performance.now() - started;
  const cpu = await meter.stop();
  const cores = (ms: number) => ms / wallMs;
  return {
    workers: context.stack.workers.length,
    items: requests * SCALING_BATCH,
    wallMs,
    itemsPerSecond: ((requests * SCALING_BATCH) / wallMs) * 1_000,
    apiCores: cores(cpu.groups.api ?? 0),
    workersCores: cores(cpu.groups.workers ?? 0),
    busiestWorkerCores: cores(
      Math.max(0, ...(groups.workers ?? []).map((pid) => cpu.pids[pid] ?? 0)),
    ),
    redisCores: cores(cpu.groups.redis ?? 0),
    databaseCores: cores(cpu.groups.database ?? 0),
    benchCores: cores(cpu.groups.bench ?? 0),
    otherCores: Math.max(
      0,
      cpu.machineBusyCores - cores(Object.values(cpu.groups).reduce((a, b) => a + b, 0)),
    ),
    machineBusyCores: cpu.machineBusyCores,
  };
}

/** For each worker count, the measured runs; the stack is left with `options.workers` workers. */
export async function runScaling(context: BenchContext): Promise<ScalingRun[][]> {
  const { options } = context;
  const all: ScalingRun[][] = [];
  try {
    for (const workers of options.scalingWorkers) {
      await context.stack.setWorkers(workers);
      all.push(
        await repeat(context, `scaling, ${workers} worker(s)`, options, () =>
          runOnce(context, options.scalingRequests, options.scalingInFlight),
        ),
      );
    }
  } finally {
    await context.stack.setWorkers(options.workers);
  }
  return all;
}

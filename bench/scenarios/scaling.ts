/**
 * Goal: with 2 worker processes, many 1,000-item requests in flight are written at 1.6 times the
 * items/s of 1 worker, or the run shows the bottleneck outside our processes: the machine's cores
 * nearly all busy, or the processes not ours (the database, Redis) keeping a core busy by
 * themselves. Cores busy are CPU time over wall time; the machine's from /proc/stat.
 */
import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { cpuMsOf, machineTicks } from '../measure/cpu';
import { medianOf } from '../measure/stats';
import { perSecond, times } from '../report/format';
import { GOALS } from '../goals';
import { newBody, postBatch } from './batch-request';
import { rounds } from './rounds';
import { judged, type Bench, type Outcome, type Scenario } from './scenario';

const SIZE = 1_000;
const REQUESTS = 16;
const IN_FLIGHT = 8;
/** A share of the machine, or cores of the rest, that counts as the bottleneck. */
const BUSY = 0.9;

interface ScalingRun {
  itemsPerSecond: number;
  machineBusy: number;
  otherCores: number;
}

async function measureRun(bench: Bench): Promise<ScalingRun> {
  const bodies = Array.from({ length: REQUESTS }, () => newBody(SIZE));
  const ours = [...bench.stack.ourPids(), process.pid];
  const cpuOf = () => ours.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  const [ticks, cpu, started] = [machineTicks(), cpuOf(), performance.now()];
  const lane = async () => {
    for (let body = bodies.pop(); body; body = bodies.pop()) await postBatch(bench, body);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const wallMs = performance.now() - started;
  const after = machineTicks();
  const machineBusy = (after.busy - ticks.busy) / (after.total - ticks.total);
  const oursCores = (cpuOf() - cpu) / wallMs;
  return {
    itemsPerSecond: ((REQUESTS * SIZE) / wallMs) * 1_000,
    machineBusy,
    otherCores: Math.max(0, machineBusy * cpus().length - oursCores),
  };
}

function bottleneck(run: ScalingRun): string | undefined {
  if (run.machineBusy >= BUSY) return `the machine ${Math.round(run.machineBusy * 100)}% busy`;
  if (run.otherCores >= BUSY) return `the database and Redis ${run.otherCores.toFixed(2)} cores`;
  return undefined;
}

async function run(bench: Bench): Promise<Outcome> {
  const runs: Record<number, ScalingRun[]> = {};
  try {
    for (const workers of [1, 2]) {
      await bench.stack.setWorkers(workers);
      const counts = { warmUp: 1, runs: bench.runs };
      runs[workers] = await rounds(bench, `scaling, ${workers} worker(s)`, counts, () =>
        measureRun(bench),
      );
    }
  } finally {
    await bench.stack.setWorkers(bench.workers);
  }
  const rate = (workers: number) => medianOf(runs[workers] ?? [], (run) => run.itemsPerSecond);
  const ratio = rate(2) / rate(1);
  const two = runs[2] ?? [];
  const shown = bottleneck({
    itemsPerSecond: rate(2),
    machineBusy: medianOf(two, (run) => run.machineBusy),
    otherCores: medianOf(two, (run) => run.otherCores),
  });
  const row = {
    scenario: `${REQUESTS} × ${SIZE.toLocaleString('en-US')} items, ${IN_FLIGHT} in flight`,
    figure: 'items/s, 2 workers',
    ours: perSecond(rate(2)),
    reference: `1 worker ${perSecond(rate(1))}`,
    result: `${times(ratio)}${ratio < GOALS.scaling.atLeast && shown ? `; bottleneck: ${shown}` : ''}`,
  };
  const pass = ratio >= GOALS.scaling.atLeast || shown !== undefined;
  return { rows: [judged(row, GOALS.scaling, pass)], runs };
}

export const scaling: Scenario = { name: 'scaling', run };

/**
 * Goals: a batch of 10,000 new items costs the API and the worker at most twice the CPU of the
 * floor writing the same items (bench/floor/floor.ts), and at most 1.3 times its wall time; their
 * peak RSS stays under 200 and 300 MB. 1,000 items are shown beside them. Each product run is
 * paired with the floor run right after it: a ratio is the median of the pairs'.
 */
import { floorBatch } from '../floor/run-floor';
import { measure } from '../measure/cpu';
import { peakRssMb, resetPeakRss } from '../measure/peak-rss';
import { medianOf } from '../measure/stats';
import { count, mb, ms, times } from '../report/format';
import { GOALS } from '../goals';
import { newBody, postBatch, warmWorker, withOneWorker } from './batch-request';
import { rounds } from './rounds';
import { judged, type Bench, type Outcome, type Row, type Scenario } from './scenario';

const SIZES = [1_000, 10_000];
/** The size the goals read. */
const JUDGED = 10_000;

interface BatchRun {
  wallMs: number;
  cpuMs: number;
  apiPeakMb: number;
  workerPeakMb: number;
  floorWallMs: number;
  floorCpuMs: number;
}

const floorOf = (floor: { wallMs: number; cpuMs: number }) => ({
  floorWallMs: floor.wallMs,
  floorCpuMs: floor.cpuMs,
});

async function measureSize(bench: Bench, size: number): Promise<BatchRun[]> {
  const { stack } = bench;
  await warmWorker(bench, size);
  return rounds(bench, `batch ${size}`, { warmUp: 1, runs: bench.runs }, async () => {
    // Hot: the measured request follows an unmeasured one, as the floor's follows its warm-up.
    await postBatch(bench, newBody(size));
    await stack.resetStore();
    const [api, worker] = stack.ourPids();
    for (const pid of stack.ourPids()) resetPeakRss(pid);
    const ours = await measure(stack.ourPids(), () => postBatch(bench, newBody(size)));
    const peaks = { apiPeakMb: peakRssMb(api ?? 0), workerPeakMb: peakRssMb(worker ?? 0) };
    await stack.resetStore();
    const floor = await floorBatch(bench, newBody(size));
    return { wallMs: ours.wallMs, cpuMs: ours.cpuMs, ...peaks, ...floorOf(floor) };
  });
}

function rowsOf(size: number, runs: BatchRun[]): Row[] {
  const figure = (of: (run: BatchRun) => number) => medianOf(runs, of);
  const cpuRatio = figure((run) => run.cpuMs / run.floorCpuMs);
  const wallRatio = figure((run) => run.wallMs / run.floorWallMs);
  const scenario = `batch of ${count(size)}`;
  const cpu = {
    scenario,
    figure: 'CPU, API + worker',
    ours: ms(figure((run) => run.cpuMs)),
    reference: `floor ${ms(figure((run) => run.floorCpuMs))}`,
    result: times(cpuRatio),
  };
  const wall = {
    scenario,
    figure: 'wall time',
    ours: ms(figure((run) => run.wallMs)),
    reference: `floor ${ms(figure((run) => run.floorWallMs))}`,
    result: times(wallRatio),
  };
  if (size !== JUDGED) return [cpu, wall];
  const api = Math.max(...runs.map((run) => run.apiPeakMb));
  const worker = Math.max(...runs.map((run) => run.workerPeakMb));
  const { batchCpu, batchWall, rss } = GOALS;
  return [
    judged(cpu, batchCpu, cpuRatio <= batchCpu.atMost),
    judged(wall, batchWall, wallRatio <= batchWall.atMost),
    judged(
      {
        scenario,
        figure: 'peak RSS, API / worker',
        ours: `${mb(api)} / ${mb(worker)}`,
        reference: '',
        result: '',
      },
      rss,
      api < rss.apiMb && worker < rss.workerMb,
    ),
  ];
}

async function run(bench: Bench): Promise<Outcome> {
  return withOneWorker(bench, async () => {
    const runs: Record<number, BatchRun[]> = {};
    for (const size of SIZES) runs[size] = await measureSize(bench, size);
    return { rows: SIZES.flatMap((size) => rowsOf(size, runs[size] ?? [])), runs };
  });
}

export const batch: Scenario = { name: 'batch', run };

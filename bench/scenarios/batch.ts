/**
 * Goals: a batch of 10,000 new items costs the API and the worker at most twice the CPU of the
 * floor writing the same items (bench/floor/floor.ts), and at most 1.3 times its wall time; their
 * peak RSS stays under 200 and 300 MB. 1,000 items are shown beside them. Each product run is
 * paired with the floor run right after it: a ratio is the median of the pairs'.
 * For 10,000 items the floor also writes them with what the product wrote beside them (its change
 * intent, change log and history record), each step timed: what the engine charges for those.
 */
import { medianSteps, type RecordSteps } from '../floor/records-beside';
import { floorBatch } from '../floor/run-floor';
import { measure } from '../measure/cpu';
import { peakRssMb, resetPeakRss } from '../measure/peak-rss';
import { medianOf } from '../measure/stats';
import { count, mb, ms, recordStepsText, times } from '../report/format';
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
  /** For the judged size: the floor writing the product's records beside the items. */
  withRecords?: { wallMs: number; cpuMs: number; steps: RecordSteps };
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
    const records = size === JUDGED ? await stack.store.recordsBesideItems() : undefined;
    await stack.resetStore();
    const floor = await floorBatch(bench, newBody(size));
    const measured = { wallMs: ours.wallMs, cpuMs: ours.cpuMs, ...peaks, ...floorOf(floor) };
    if (records === undefined) return measured;
    await stack.resetStore();
    const withRecords = await floorBatch(bench, newBody(size), records);
    const { wallMs, cpuMs, steps } = withRecords;
    if (!steps) throw new Error('the floor did not time the steps of its records');
    return { ...measured, withRecords: { wallMs, cpuMs, steps } };
  });
}

/** Ours against the floor that also writes the product's records, and that floor's steps. */
function recordRows(scenario: string, runs: BatchRun[]): Row[] {
  const withRecords = runs.flatMap((run) => (run.withRecords ? [{ run, ...run.withRecords }] : []));
  const figure = (of: (run: (typeof withRecords)[number]) => number) => medianOf(withRecords, of);
  const floor = 'floor with the records';
  const wallRatio = figure(({ run, wallMs }) => run.wallMs / wallMs);
  const wall = {
    scenario,
    figure: 'wall time, against the floor with the records',
    ours: ms(figure(({ run }) => run.wallMs)),
    reference: `${floor} ${ms(figure((run) => run.wallMs))}`,
    result: times(wallRatio),
  };
  const { batchWall } = GOALS;
  return [
    {
      scenario,
      figure: 'CPU, against the floor with the records',
      ours: ms(figure(({ run }) => run.cpuMs)),
      reference: `${floor} ${ms(figure((run) => run.cpuMs))}`,
      result: times(figure(({ run, cpuMs }) => run.cpuMs / cpuMs)),
    },
    withRecords.length > 0 ? judged(wall, batchWall, wallRatio <= batchWall.atMost) : wall,
    {
      scenario,
      figure: "the records' floor, step by step",
      ours: '',
      reference: recordStepsText(medianSteps(withRecords.map((run) => run.steps)), 'items'),
      result: '',
    },
  ];
}

function rowsOf(size: number, runs: BatchRun[]): Row[] {
  const figure = (of: (run: BatchRun) => number) => medianOf(runs, of);
  const cpuRatio = figure((run) => run.cpuMs / run.floorCpuMs);
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
    result: times(figure((run) => run.wallMs / run.floorWallMs)),
  };
  if (size !== JUDGED) return [cpu, wall];
  const api = Math.max(...runs.map((run) => run.apiPeakMb));
  const worker = Math.max(...runs.map((run) => run.workerPeakMb));
  const { batchCpu, rss } = GOALS;
  return [
    judged(cpu, batchCpu, cpuRatio <= batchCpu.atMost),
    wall,
    ...recordRows(scenario, runs),
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

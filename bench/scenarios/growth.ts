/**
 * Goal: 50,000 new items in one request cost at most 5.5 times the wall time and the CPU (API and
 * worker) of 10,000, where linear would be 5: no step of the pipeline grows faster than the batch.
 * Both sizes are measured as the batch scenario measures them, one worker, warm and hot.
 */
import { measure } from '../measure/cpu';
import { medianOf } from '../measure/stats';
import { ms, times } from '../report/format';
import { GOALS } from '../goals';
import { newBody, postBatch, warmWorker, withOneWorker } from './batch-request';
import { rounds } from './rounds';
import { judged, type Bench, type Outcome, type Scenario } from './scenario';

const SMALL = 10_000;
const LARGE = 50_000;
/** A run of 50,000 items costs as much as five of 10,000. */
const MAX_RUNS = 2;

async function measureSize(bench: Bench, size: number) {
  await warmWorker(bench, size);
  const counts = { warmUp: 0, runs: Math.min(bench.runs, MAX_RUNS) };
  return rounds(bench, `growth, ${size}`, counts, async () => {
    await postBatch(bench, newBody(size));
    await bench.stack.resetStore();
    const ours = await measure(bench.stack.ourPids(), () => postBatch(bench, newBody(size)));
    return { wallMs: ours.wallMs, cpuMs: ours.cpuMs };
  });
}

async function run(bench: Bench): Promise<Outcome> {
  return withOneWorker(bench, async () => {
    const small = await measureSize(bench, SMALL);
    const large = await measureSize(bench, LARGE);
    const ratio = (of: (run: { wallMs: number; cpuMs: number }) => number) =>
      medianOf(large, of) / medianOf(small, of);
    const time = ratio((run) => run.wallMs);
    const cpu = ratio((run) => run.cpuMs);
    const shown = (runs: typeof small) =>
      `${ms(medianOf(runs, (run) => run.wallMs))}, CPU ${ms(medianOf(runs, (run) => run.cpuMs))}`;
    const row = {
      scenario: 'batch of 50,000',
      figure: 'wall time, CPU',
      ours: shown(large),
      reference: `10,000: ${shown(small)}`,
      result: `time ${times(time)}, CPU ${times(cpu)}`,
    };
    const { growth } = GOALS;
    const pass = time <= growth.atMost && cpu <= growth.atMost;
    return { rows: [judged(row, growth, pass)], runs: { [SMALL]: small, [LARGE]: large } };
  });
}

export const growth: Scenario = { name: 'growth', run };

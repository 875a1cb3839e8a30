/**
 * Goal: a 1,000-item request is answered at least 20 times sooner than the same items take when
 * upserted one at a time by `_id` (the floor process with one `updateOne` an item, one in flight):
 * what the batch path buys over a query per item.
 */
import { floorEach } from '../floor/run-floor';
import { measure } from '../measure/cpu';
import { medianOf } from '../measure/stats';
import { ms, times } from '../report/format';
import { GOALS } from '../goals';
import { newBody, postBatch } from './batch-request';
import { rounds } from './rounds';
import { judged, type Bench, type Outcome, type Scenario } from './scenario';

const SIZE = 1_000;

async function run(bench: Bench): Promise<Outcome> {
  const runs = await rounds(bench, 'naive', { warmUp: 1, runs: bench.runs }, async () => {
    const ours = await measure(bench.stack.ourPids(), () => postBatch(bench, newBody(SIZE)));
    await bench.stack.resetStore();
    const floor = await floorEach(bench, newBody(SIZE), 'upsert', 1);
    return { wallMs: ours.wallMs, oneAtATimeMs: floor.wallMs };
  });
  const ratio = medianOf(runs, (run) => run.oneAtATimeMs / run.wallMs);
  const row = {
    scenario: 'batch of 1,000',
    figure: 'wall time',
    ours: ms(medianOf(runs, (run) => run.wallMs)),
    reference: `one upsert at a time ${ms(medianOf(runs, (run) => run.oneAtATimeMs))}`,
    result: `${times(ratio)} faster`,
  };
  return { rows: [judged(row, GOALS.naive, ratio >= GOALS.naive.atLeast)], runs };
}

export const naive: Scenario = { name: 'naive', run };

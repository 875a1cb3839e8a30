/**
 * Goals: single items sent one at a time are answered at p50 within 10 ms of the floor's single
 * `_id` upsert (one `updateOne` an item, one in flight), and cost the API and the workers at most
 * 5 ms of CPU a request (beside the floor process's CPU an upsert). Each round measures ours,
 * then the floor, on an emptied store.
 */
import { floorEach } from '../floor/run-floor';
import { postConcurrently } from '../measure/concurrent-posts';
import { measure } from '../measure/cpu';
import { medianOf, percentile } from '../measure/stats';
import { ms, msList } from '../report/format';
import { GOALS } from '../goals';
import { makeItems, runId } from '../workload';
import { rounds } from './rounds';
import { judged, type Bench, type Outcome, type Scenario } from './scenario';

const REQUESTS = 100;

async function run(bench: Bench): Promise<Outcome> {
  const { stack } = bench;
  const label = 'single items, one at a time';
  const runs = await rounds(bench, label, { warmUp: 1, runs: bench.runs }, async () => {
    const ours = await measure(stack.ourPids(), () => postConcurrently(stack.target, REQUESTS, 1));
    await stack.resetStore();
    const floor = await floorEach(bench, JSON.stringify(makeItems(runId(), REQUESTS)), 'upsert', 1);
    const floorLatencies = floor.latenciesMs ?? [];
    return {
      p50Ms: percentile(ours.value, 50),
      p95Ms: percentile(ours.value, 95),
      cpuMsPerRequest: ours.cpuMs / REQUESTS,
      floorP50Ms: percentile(floorLatencies, 50),
      floorP95Ms: percentile(floorLatencies, 95),
      floorCpuMsPerWrite: floor.cpuMs / floor.items,
    };
  });
  const figure = (of: (run: (typeof runs)[number]) => number) => medianOf(runs, of);
  const gap = figure((run) => run.p50Ms - run.floorP50Ms);
  const scenario = 'single items, c=1';
  const p50 = {
    scenario,
    figure: 'p50 / p95',
    ours: msList([figure((run) => run.p50Ms), figure((run) => run.p95Ms)]),
    reference: `floor upsert ${msList([figure((run) => run.floorP50Ms), figure((run) => run.floorP95Ms)])}`,
    result: `p50 +${ms(gap)}`,
  };
  const cpuMs = figure((run) => run.cpuMsPerRequest);
  const cpu = {
    scenario,
    figure: 'CPU a request',
    ours: `${cpuMs.toFixed(2)} ms`,
    reference: `floor ${figure((run) => run.floorCpuMsPerWrite).toFixed(2)} ms`,
    result: '',
  };
  const { singleP50, singleCpu } = GOALS;
  return {
    rows: [
      judged(p50, singleP50, gap <= singleP50.atMostMs),
      judged(cpu, singleCpu, cpuMs <= singleCpu.atMostMs),
    ],
    runs,
  };
}

export const latency: Scenario = { name: 'latency', run };

/**
 * Goals: single items sent one at a time are answered at p50 within 10 ms of the floor's single
 * `_id` upsert (one `updateOne` an item, one in flight), and cost the API and the workers at most
 * 5 ms of CPU a request (beside the floor process's CPU an upsert). Each round measures ours,
 * then the floor, on an emptied store; then the floor again with each request's records around
 * its upsert (its change intent, change log and history record, as the product wrote them), each
 * step timed: what the engine charges for a lone request's writes, apart from the rest. Where our
 * time goes is shown too: the API's own histograms split a request's mean time into the way to a
 * worker, the worker's part and the way back, and the CPU is split between the API and the workers.
 */
import { floorEach } from '../floor/run-floor';
import { postConcurrently } from '../measure/concurrent-posts';
import { measure } from '../measure/cpu';
import { jobTimes, meanJobTimes } from '../measure/job-times';
import { medianOf, percentile } from '../measure/stats';
import { medianSteps } from '../floor/records-beside';
import { ms, msList, recordStepsText } from '../report/format';
import { GOALS } from '../goals';
import { makeItems, runId } from '../workload';
import { rounds } from './rounds';
import { warmSingleItems } from './warm-single-items';
import { judged, type Bench, type Outcome, type Scenario } from './scenario';

const REQUESTS = 100;

async function run(bench: Bench): Promise<Outcome> {
  const { stack } = bench;
  const label = 'single items, one at a time';
  await warmSingleItems(bench, 1);
  const runs = await rounds(bench, label, { warmUp: 1, runs: bench.runs }, async () => {
    const timesBefore = await jobTimes(stack.target.baseUrl);
    const ours = await measure(stack.ourPids(), () => postConcurrently(stack.target, REQUESTS, 1));
    const timesAfter = await jobTimes(stack.target.baseUrl);
    const [apiCpuMs = 0, ...workersCpuMs] = ours.cpuMsEach;
    const records = await stack.store.recordsBesideItems();
    await stack.resetStore();
    const floor = await floorEach(bench, JSON.stringify(makeItems(runId(), REQUESTS)), 'upsert', 1);
    const floorLatencies = floor.latenciesMs ?? [];
    await stack.resetStore();
    const body = JSON.stringify(makeItems(runId(), REQUESTS));
    const withRecords = await floorEach(bench, body, 'upsert', 1, records);
    if (!withRecords.steps) throw new Error('the floor did not time the steps of its records');
    return {
      withRecordsP50Ms: percentile(withRecords.latenciesMs ?? [], 50),
      withRecordsCpuMs: withRecords.cpuMs / withRecords.items,
      withRecordsSteps: withRecords.steps,
      p50Ms: percentile(ours.value, 50),
      p95Ms: percentile(ours.value, 95),
      meanMs: ours.value.reduce((sum, value) => sum + value, 0) / ours.value.length,
      ...meanJobTimes(timesBefore, timesAfter),
      cpuMsPerRequest: ours.cpuMs / REQUESTS,
      apiCpuMsPerRequest: apiCpuMs / REQUESTS,
      workersCpuMsPerRequest: workersCpuMs.reduce((sum, value) => sum + value, 0) / REQUESTS,
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
  const withRecords = 'floor with the records';
  const recordsGap = figure((run) => run.p50Ms - run.withRecordsP50Ms);
  const p50WithRecords = {
    scenario,
    figure: 'p50, against the floor with the records',
    ours: ms(figure((run) => run.p50Ms)),
    reference: `${withRecords} ${ms(figure((run) => run.withRecordsP50Ms))}`,
    result: `+${ms(recordsGap)}`,
  };
  return {
    rows: [
      p50,
      judged(cpu, singleCpu, cpuMs <= singleCpu.atMostMs),
      judged(p50WithRecords, singleP50, recordsGap <= singleP50.atMostMs),
      timeSplit(scenario, figure),
      {
        scenario,
        figure: 'CPU a request, by process',
        ours: `API ${figure((run) => run.apiCpuMsPerRequest).toFixed(2)} ms, workers ${figure((run) => run.workersCpuMsPerRequest).toFixed(2)} ms`,
        reference: '',
        result: '',
      },
      {
        scenario,
        figure: 'CPU a request, against the floor with the records',
        ours: `${cpuMs.toFixed(2)} ms`,
        reference: `${withRecords} ${figure((run) => run.withRecordsCpuMs).toFixed(2)} ms`,
        result: '',
      },
      {
        scenario,
        figure: "the records' floor, step by step (p50)",
        ours: '',
        reference: recordStepsText(medianSteps(runs.map((run) => run.withRecordsSteps)), 'item'),
        result: '',
      },
    ],
    runs,
  };
}

/** A request's mean time: to a worker, in it, and back (each the median over the runs). */
function timeSplit(
  scenario: string,
  figure: (
    of: (run: { meanMs: number; toWorkerMs: number; inWorkerMs: number }) => number,
  ) => number,
) {
  const toWorker = figure((run) => run.toWorkerMs);
  const inWorker = figure((run) => run.inWorkerMs);
  const back = figure((run) => run.meanMs - run.toWorkerMs - run.inWorkerMs);
  return {
    scenario,
    figure: "where a request's time goes (means)",
    ours: `to a worker ${ms(toWorker)}, in it ${ms(inWorker)}, back ${ms(back)}`,
    reference: `answer ${ms(figure((run) => run.meanMs))}`,
    result: '',
  };
}

export const latency: Scenario = { name: 'latency', run };

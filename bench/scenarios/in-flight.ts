/**
 * Goals: single-item POSTs with 32 in flight reach at least the rate of the floor's 32
 * `insertOne`s in flight for as many new items, and cost the API and the workers at most 2 ms of
 * CPU a request. Each round measures ours, then the floor, on an emptied store; the rate's ratio
 * is the median of the rounds'.
 */
import { floorEach } from '../floor/run-floor';
import { postConcurrently } from '../measure/concurrent-posts';
import { groupSizes, requestsPerJob } from '../measure/group-sizes';
import { measure } from '../measure/cpu';
import { medianOf, percentile } from '../measure/stats';
import { msList, perSecond, times } from '../report/format';
import { GOALS } from '../goals';
import { makeItems, runId } from '../workload';
import { rounds } from './rounds';
import { warmSingleItems } from './warm-single-items';
import { judged, type Bench, type Outcome, type Scenario } from './scenario';

const IN_FLIGHT = 32;
const REQUESTS = 320;

interface SingleItemsRun {
  requestsPerSecond: number;
  cpuMsPerRequest: number;
  p50Ms: number;
  p95Ms: number;
  requestsPerJob: number;
  floorWritesPerSecond: number;
  floorCpuMsPerWrite: number;
  floorP50Ms: number;
  floorP95Ms: number;
}

async function measureRound(bench: Bench): Promise<SingleItemsRun> {
  const { stack } = bench;
  const groupsBefore = await groupSizes(stack.target.baseUrl);
  const ours = await measure(stack.ourPids(), () =>
    postConcurrently(stack.target, REQUESTS, IN_FLIGHT),
  );
  const groupsAfter = await groupSizes(stack.target.baseUrl);
  await stack.resetStore();
  const body = JSON.stringify(makeItems(runId(), REQUESTS));
  const floor = await floorEach(bench, body, 'insert', IN_FLIGHT);
  const floorLatencies = floor.latenciesMs ?? [];
  return {
    requestsPerSecond: (REQUESTS / ours.wallMs) * 1_000,
    cpuMsPerRequest: ours.cpuMs / REQUESTS,
    p50Ms: percentile(ours.value, 50),
    p95Ms: percentile(ours.value, 95),
    requestsPerJob: requestsPerJob(groupsBefore, groupsAfter),
    floorWritesPerSecond: (floor.items / floor.wallMs) * 1_000,
    floorCpuMsPerWrite: floor.cpuMs / floor.items,
    floorP50Ms: percentile(floorLatencies, 50),
    floorP95Ms: percentile(floorLatencies, 95),
  };
}

async function run(bench: Bench): Promise<Outcome> {
  const label = `single items, ${IN_FLIGHT} in flight`;
  await warmSingleItems(bench, IN_FLIGHT);
  const runs = await rounds(bench, label, { warmUp: 1, runs: bench.runs }, () =>
    measureRound(bench),
  );
  const figure = (of: (run: SingleItemsRun) => number) => medianOf(runs, of);
  const rate = figure((run) => run.requestsPerSecond / run.floorWritesPerSecond);
  const cpu = figure((run) => run.cpuMsPerRequest);
  const scenario = `single items, c=${IN_FLIGHT}`;
  const { inFlightRate, inFlightCpu } = GOALS;
  const rows = [
    judged(
      {
        scenario,
        figure: 'rate',
        ours: perSecond(figure((run) => run.requestsPerSecond)),
        reference: `floor ${perSecond(figure((run) => run.floorWritesPerSecond))}`,
        result: times(rate),
      },
      inFlightRate,
      rate >= inFlightRate.atLeast,
    ),
    judged(
      {
        scenario,
        figure: 'CPU a request',
        // Two decimals: the goal is near the figure's size.
        ours: `${cpu.toFixed(2)} ms`,
        reference: `floor ${figure((run) => run.floorCpuMsPerWrite).toFixed(2)} ms`,
        result: '',
      },
      inFlightCpu,
      cpu <= inFlightCpu.atMostMs,
    ),
    {
      scenario,
      figure: 'p50 / p95',
      ours: msList([figure((run) => run.p50Ms), figure((run) => run.p95Ms)]),
      reference: `floor ${msList([figure((run) => run.floorP50Ms), figure((run) => run.floorP95Ms)])}`,
      result: '',
    },
    {
      scenario,
      // Each job costs its fixed part once, whatever it carries (docs/request-groups.md).
      figure: 'requests a job',
      ours: figure((run) => run.requestsPerJob).toFixed(1),
      reference: '',
      result: '',
    },
  ];
  return { rows, runs };
}

export const inFlight: Scenario = { name: 'in-flight', run };

/**
 * Goals of the API export (bench/scenarios/export-steps.ts measures them):
 * - rate: 10,000 new items POSTed in one request reach the receiver, in deliveries of 50, at half
 *   the changes/s of the export floor (bench/floor/export-floor.ts) or more, from the request's
 *   answer to the last arrival; beside it the receiver alone (deliveries POSTed by the bench);
 * - lag: at 1,000 item writes a second for 10 s, half the changes arrive within 1 s of their
 *   request's 200 answer;
 * - ingest: a 10,000-item request with the export active runs at 0.8 times or more the items/s
 *   of one with the export paused.
 */
import { receiverRate, startReceiver } from '../measure/receiver';
import { sleep } from '../measure/method';
import { medianOf } from '../measure/stats';
import { count, msList, perSecond, times } from '../report/format';
import { createExport } from '../stack/exports';
import { GOALS } from '../goals';
import { deliveryBody, newDocuments } from '../workload';
import { BACKLOG, STEADY, backlogRate, ingestPaired, steadyLag } from './export-steps';
import { rounds } from './rounds';
import { judged, type Bench, type Outcome, type Row, type Scenario } from './scenario';

const BATCH = 50;
/** Each run takes from 30 s to a few minutes. */
const MAX_RUNS = 3;

async function measureRun(bench: Bench) {
  const receiver = await startReceiver();
  try {
    const reference = { posts: 1_000, inFlight: 4, batch: BATCH };
    const body = deliveryBody(newDocuments(BATCH));
    const receiverPerSecond = await receiverRate(receiver, body, reference);
    const exported = await createExport(bench.stack.target, receiver.url, BATCH);
    try {
      // The workers' list of a tenant's active exports is up to 2 s old.
      await sleep(2_500);
      const backlog = await backlogRate(bench, receiver);
      const steady = await steadyLag(bench, receiver);
      const ingest = await ingestPaired(bench, receiver, exported);
      return { receiverPerSecond, ...backlog, ...steady, ...ingest };
    } finally {
      await exported.remove();
    }
  } finally {
    await receiver.close();
  }
}

type ExportRun = Awaited<ReturnType<typeof measureRun>>;

function rowsOf(runs: ExportRun[]): Row[] {
  const figure = (of: (run: ExportRun) => number) => medianOf(runs, of);
  const rate = figure((run) => run.perSecond);
  const ofFloor = figure((run) => run.perSecond / run.floorPerSecond);
  const whole = runs.every((run) => run.arrived === BACKLOG);
  const lagP50 = figure((run) => run.lagP50Ms);
  const lost = runs.reduce((sum, run) => sum + run.steadyWritten - run.steadyArrived, 0);
  const ingest = figure((run) => run.ingestActivePerSecond / run.ingestPausedPerSecond);
  const writesPerSecond = (STEADY.perTick * 1_000) / STEADY.tickMs;
  const { exportRate, exportLag, exportIngest } = GOALS;
  const receiver = perSecond(figure((run) => run.receiverPerSecond));
  const rateRow = {
    scenario: `export, ${count(BACKLOG)} backlog`,
    figure: `changes/s, by ${BATCH}`,
    ours: perSecond(rate),
    reference: `floor ${perSecond(figure((run) => run.floorPerSecond))}, receiver ${receiver}`,
    result: whole ? times(ofFloor) : 'changes missing',
  };
  const lagRow = {
    scenario: `export, ${count(writesPerSecond)} writes/s`,
    figure: 'lag p50 / p99',
    ours: msList([lagP50, figure((run) => run.lagP99Ms)]),
    reference: '',
    result: lost > 0 ? `${count(lost)} changes missing` : '',
  };
  const ingestRow = {
    scenario: `batch of ${count(BACKLOG)}, export active`,
    figure: 'items/s',
    ours: perSecond(figure((run) => run.ingestActivePerSecond)),
    reference: `paused ${perSecond(figure((run) => run.ingestPausedPerSecond))}`,
    result: times(ingest),
  };
  return [
    judged(rateRow, exportRate, whole && ofFloor >= exportRate.atLeast),
    judged(lagRow, exportLag, lagP50 < exportLag.belowMs),
    judged(ingestRow, exportIngest, ingest >= exportIngest.atLeast),
  ];
}

async function run(bench: Bench): Promise<Outcome> {
  const counts = { warmUp: 0, runs: Math.min(bench.runs, MAX_RUNS) };
  const runs = await rounds(bench, 'export', counts, () => measureRun(bench));
  return { rows: rowsOf(runs), runs };
}

export const exportScenario: Scenario = { name: 'export', run };

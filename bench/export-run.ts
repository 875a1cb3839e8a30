/**
 * Scenario 12, the API export, with every change written through the funnel as a sender writes
 * it (the item write path, its change log and its listener's wake-up of the export included):
 *
 * - Rate: with an export delivering in batches of 50 to a receiver on loopback, 10,000 new items
 *   are POSTed in one request; changes per second from its answer to the arrival of the 10,000th
 *   change. Beside it the reference: the same receiver taking POSTs of 50 changes straight from
 *   the bench. Then the same with the export paused while the request is written and re-enabled
 *   after its answer, timed from that PATCH: a backlog whose items' recent states were not kept,
 *   so the dispatch reads them from the store (no goal; what a catch-up after a pause costs).
 * - Lag: for 10 s, 100 new items POSTed every 100 ms (1,000 a second), each request sent on time
 *   whether the ones before it have been answered or not (writeSteadily: at most 8 waiting, a tick
 *   that finds 8 skipped and counted). An item's lag runs from its request's 200 answer reaching
 *   the bench to the item's change reaching the receiver; a change that never arrived counts as
 *   infinitely late, one that arrived before its answer as early.
 * - Ingest cost: 10,000-item requests with the export active and paused, alternated.
 *
 * Every change is a new item: the export sends an item's latest state, so changes of one item
 * that wait together arrive as one.
 */
import { performance } from 'node:perf_hooks';
import { assertSuccess, postItems } from './client';
import { runBatch } from './batch';
import type { BenchContext } from './context';
import {
  rawPostRate,
  referenceBody,
  startBenchReceiver,
  type BenchReceiver,
} from './export-receiver';
import { writeSteadily } from './export-steady';
import { percentile } from './stats';
import { funnelUrl } from './tenant';
import { makeItems, runId } from './workload';

export interface ExportRun {
  changes: number;
  /**
   * A backlog written in one request while the export is active: changes that arrived within the
   * bound (all, unless the rate is low), and from the request's answer to the last arrival.
   */
  arrived: number;
  wallMs: number;
  changesPerSecond: number;
  /** That request: sent to answered. */
  backlogRequestMs: number;
  /**
   * A backlog written while the export is paused, from the PATCH that re-enables it: its items'
   * recent states were not kept (nobody followed the tenant), so the dispatch reads the store.
   */
  afterPauseArrived: number;
  afterPauseWallMs: number;
  afterPauseChangesPerSecond: number;
  /** The receiver taking POSTs of 50 changes from the bench itself, 4 at a time. */
  referencePerSecond: number;
  /** Lag from each item's 200 answer to its change's arrival, at `steadyRate` items per second. */
  steadyRate: number;
  lagP50Ms: number;
  lagP99Ms: number;
  /** Of the steady items answered, how many changes arrived within the bound. */
  steadyItems: number;
  steadyArrived: number;
  /** Steady ticks not sent because 8 requests were still waiting for their answers. */
  steadySkippedTicks: number;
  /** The steady requests' answer times (100 items each). */
  steadyAnswerP50Ms: number;
  steadyAnswerP99Ms: number;
  /** Items/s of a 10,000-item request with the export active, and paused: medians, alternated. */
  ingestActivePerSecond: number;
  ingestPausedPerSecond: number;
}

const BATCH = 50;
const BACKLOG = 10_000;
const STEADY_RATE = 1_000;
const STEADY_SECONDS = 10;
const TICK_MS = 100;
/** Pairs of 10,000-item requests, one with the export paused and one with it active. */
const INGEST_ROUNDS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `check` up to `timeoutMs`; answers whether it came true. */
async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/** How long the backlog and the steady changes may take: a slow run still reports its rate. */
const BACKLOG_BOUND_MS = 180_000;
const STEADY_BOUND_MS = 60_000;

/** How a backlog was delivered: from when delivering could start to the last arrival. */
interface BacklogDelivery {
  arrived: number;
  wallMs: number;
  /** The request that wrote it: sent to answered. */
  requestMs: number;
}

/**
 * POSTs `BACKLOG` new items and times their delivery from the moment `start` answers (after it
 * sent the request it is given) to the arrival of the last of them.
 */
async function deliverBacklog(
  context: BenchContext,
  receiver: BenchReceiver,
  start: (post: () => Promise<number>) => Promise<number>,
): Promise<BacklogDelivery> {
  const backlog = makeItems(runId(), BACKLOG);
  // Items new to the store are at their first version.
  const keys = backlog.map((item) => `${item.sku}@1`);
  const arrived = () => keys.filter((key) => receiver.arrivals.has(key)).length;
  let requestMs = 0;
  const from = await start(async () => {
    const written = await postItems(
      funnelUrl(context.target),
      context.target.token,
      JSON.stringify(backlog),
    );
    assertSuccess(written, `the backlog of ${BACKLOG}`);
    requestMs = written.ms;
    return performance.now();
  });
  await until(() => arrived() >= BACKLOG, BACKLOG_BOUND_MS);
  return { arrived: arrived(), wallMs: performance.now() - from, requestMs };
}

export async function runExport(context: BenchContext): Promise<ExportRun> {
  const { target } = context;
  const receiver = await startBenchReceiver();
  const settings = `${target.baseUrl}/api/v1/settings/exports`;
  const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  let exportId: string | undefined;
  const setActive = async (active: boolean) => {
    const answer = await fetch(`${settings}/${exportId}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ active }),
    });
    if (answer.status !== 200) throw new Error(`export: PATCH answered ${answer.status}`);
  };
  const arrivedOf = (keys: Iterable<string>) =>
    [...keys].filter((key) => receiver.arrivals.has(key)).length;
  try {
    const sample = referenceBody(BATCH);
    context.log('export: the reference, POSTs of 50 changes straight to the receiver');
    const referencePerSecond = await rawPostRate(receiver, () => sample, {
      posts: 1_000,
      inFlight: 4,
      batch: BATCH,
    });
    receiver.arrivals.clear();

    const created = await fetch(settings, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'bench',
        url: receiver.url,
        contentTypes: [target.contentType],
        batchSize: BATCH,
      }),
    });
    if (created.status !== 201) throw new Error(`export: create answered ${created.status}`);
    exportId = ((await created.json()) as { id: string }).id;

    // The workers' list of a tenant's active exports is up to 2 s old: a write sooner than that
    // would wait for the export's own second look, 2 s after its creation, not for the export.
    await sleep(2_500);
    context.log(`export: a backlog of ${BACKLOG} items written while the export is active`);
    const live = await deliverBacklog(context, receiver, (post) => post());

    context.log(`export: a backlog of ${BACKLOG} items written while paused, then re-enabled`);
    await setActive(false);
    const afterPause = await deliverBacklog(context, receiver, async (post) => {
      await post();
      const reenabled = performance.now();
      await setActive(true);
      return reenabled;
    });

    context.log(`export: ${STEADY_RATE} items/s through the funnel for ${STEADY_SECONDS} s`);
    const steady = await writeSteadily(context, {
      prefix: runId(),
      perTick: (STEADY_RATE * TICK_MS) / 1_000,
      tickMs: TICK_MS,
      seconds: STEADY_SECONDS,
    });
    const { answeredAt } = steady;
    await until(() => arrivedOf(answeredAt.keys()) >= answeredAt.size, STEADY_BOUND_MS);
    // Read before the ingest requests: a change still missing after the bound never arrived.
    const lags = [...answeredAt.entries()].map(
      ([key, at]) => (receiver.arrivals.get(key) ?? Infinity) - at,
    );
    const steadyArrived = arrivedOf(answeredAt.keys());

    context.log('export: 10,000-item requests with the export active and paused, alternated');
    const active: number[] = [];
    const paused: number[] = [];
    // Every item the requests write is new: one change each, all to arrive.
    let changesWritten = receiver.arrivals.size;
    for (let round = 0; round < INGEST_ROUNDS; round += 1) {
      for (const state of [false, true]) {
        await setActive(state);
        // What the requests before wrote goes first (the paused one's, and what the pause held
        // back of the active one's): the active request is measured beside an export that keeps
        // up, not beside a backlog left by the pause.
        if (state) await until(() => receiver.arrivals.size >= changesWritten, BACKLOG_BOUND_MS);
        const run = await runBatch(context, 10_000);
        changesWritten += 10_000;
        (state ? active : paused).push(run.itemsPerSecond);
      }
    }
    return {
      changes: BACKLOG,
      arrived: live.arrived,
      wallMs: live.wallMs,
      changesPerSecond: (live.arrived / live.wallMs) * 1000,
      backlogRequestMs: live.requestMs,
      afterPauseArrived: afterPause.arrived,
      afterPauseWallMs: afterPause.wallMs,
      afterPauseChangesPerSecond: (afterPause.arrived / afterPause.wallMs) * 1000,
      referencePerSecond,
      steadyRate: STEADY_RATE,
      lagP50Ms: percentile(lags, 50),
      lagP99Ms: percentile(lags, 99),
      steadyItems: answeredAt.size,
      steadyArrived,
      steadySkippedTicks: steady.skippedTicks,
      steadyAnswerP50Ms: percentile(steady.answerMs, 50),
      steadyAnswerP99Ms: percentile(steady.answerMs, 99),
      ingestActivePerSecond: percentile(active, 50),
      ingestPausedPerSecond: percentile(paused, 50),
    };
  } finally {
    if (exportId) await fetch(`${settings}/${exportId}`, { method: 'DELETE', headers });
    await receiver.close();
  }
}

/**
 * Scenario 12, the API export, with every change written through the funnel as a sender writes
 * it (the item write path, its change log and its listener's wake-up of the export included):
 *
 * - Rate: an export delivering in batches of 50 to a receiver on loopback is paused, 10,000 new
 *   items are POSTed in one request and answered, and the export is re-enabled; changes per
 *   second from that PATCH to the arrival of the 10,000th change. Beside it the reference: the
 *   same receiver taking POSTs of 50 changes straight from the bench.
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
import { rawPostRate, referenceBody, startBenchReceiver } from './export-receiver';
import { writeSteadily } from './export-steady';
import { percentile } from './stats';
import { funnelUrl } from './tenant';
import { makeItems, runId } from './workload';

export interface ExportRun {
  changes: number;
  /** Changes of the backlog that arrived within the bound (all of them, unless the rate is low). */
  arrived: number;
  /** From the PATCH that re-enables the export to the last backlog change's arrival. */
  wallMs: number;
  changesPerSecond: number;
  /** The 10,000-item request that wrote the backlog, paused export: sent to answered. */
  backlogRequestMs: number;
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

    context.log(`export: a backlog of ${BACKLOG} items written while paused, then re-enabled`);
    await setActive(false);
    const backlog = makeItems(runId(), BACKLOG);
    const written = await postItems(funnelUrl(target), target.token, JSON.stringify(backlog));
    assertSuccess(written, `the backlog of ${BACKLOG}`);
    // Items new to the store are at their first version.
    const backlogKeys = new Set(backlog.map((item) => `${item.sku}@1`));
    const started = performance.now();
    await setActive(true);
    await until(() => arrivedOf(backlogKeys) >= BACKLOG, BACKLOG_BOUND_MS);
    const wallMs = performance.now() - started;
    const arrived = arrivedOf(backlogKeys);

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
      arrived,
      wallMs,
      changesPerSecond: (arrived / wallMs) * 1000,
      backlogRequestMs: written.ms,
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

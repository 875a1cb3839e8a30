/**
 * The export scenario's measurements, each with an export delivering in batches of 50 to a
 * receiver on loopback and every change written through the funnel as a sender writes it. Every
 * change is a new item's: the export sends an item's latest state, so changes of one item that
 * wait together would arrive as one.
 */
import { floorExport } from '../floor/run-floor';
import { assertSuccess, postItems } from '../measure/client';
import { sleep } from '../measure/method';
import { changeKey, type Receiver } from '../measure/receiver';
import { percentile } from '../measure/stats';
import { writeSteadily } from '../measure/steady-writes';
import type { BenchExport } from '../stack/exports';
import { makeItems, runId } from '../workload';
import { newBody } from './batch-request';
import type { Bench } from './scenario';

export const BACKLOG = 10_000;
export const STEADY = { perTick: 100, tickMs: 100, seconds: 10 };
/** How long arrivals are waited for: a slow run still reports its figures. */
const BACKLOG_BOUND_MS = 180_000;
const STEADY_BOUND_MS = 60_000;

async function until(check: () => boolean, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!check() && Date.now() < deadline) await sleep(20);
}

/**
 * Changes per second from the answer of one request of BACKLOG new items to the last arrival;
 * then the export floor delivering the same items to the same receiver.
 */
export async function backlogRate(bench: Bench, receiver: Receiver) {
  const { target } = bench.stack;
  const items = makeItems(runId(), BACKLOG);
  const keys = items.map((item) => changeKey(item.sku));
  const body = JSON.stringify(items);
  assertSuccess(await postItems(target.funnelUrl, target.token, body), 'the backlog');
  const answered = Date.now();
  await until(() => receiver.arrived(keys) === BACKLOG, BACKLOG_BOUND_MS);
  const arrived = receiver.arrived(keys);
  const lastArrival = Math.max(...keys.map((key) => receiver.arrivals.get(key) ?? Date.now()));
  const floor = await floorExport(bench, body, receiver.url);
  return {
    arrived,
    perSecond: (arrived / Math.max(1, lastArrival - answered)) * 1_000,
    floorPerSecond: (floor.changes / floor.wallMs) * 1_000,
  };
}

/** Each change's lag from its request's 200 answer, at a steady rate of writes. */
export async function steadyLag(bench: Bench, receiver: Receiver) {
  const steady = await writeSteadily(bench.stack.target, { prefix: runId(), ...STEADY });
  const keys = [...steady.answeredAt.keys()];
  await until(() => receiver.arrived(keys) === keys.length, STEADY_BOUND_MS);
  // A change that never arrived counts as infinitely late.
  const lags = [...steady.answeredAt].map(
    ([key, at]) => (receiver.arrivals.get(key) ?? Infinity) - at,
  );
  return {
    lagP50Ms: percentile(lags, 50),
    lagP99Ms: percentile(lags, 99),
    steadyWritten: keys.length,
    steadyArrived: receiver.arrived(keys),
    skippedTicks: steady.skippedTicks,
  };
}

/**
 * Items/s of a 10,000-item request with the export paused, then of one with it active. Before the
 * active one, what the paused one wrote has gone out: it is measured beside an export that keeps
 * up, not beside a backlog left by the pause.
 */
export async function ingestPaired(bench: Bench, receiver: Receiver, exported: BenchExport) {
  const { target } = bench.stack;
  const timed = async () => {
    const answer = await postItems(target.funnelUrl, target.token, newBody(BACKLOG));
    assertSuccess(answer, 'a batch beside the export');
    return (BACKLOG / answer.ms) * 1_000;
  };
  const before = receiver.arrivals.size;
  await exported.setActive(false);
  const ingestPausedPerSecond = await timed();
  await exported.setActive(true);
  await until(() => receiver.arrivals.size >= before + BACKLOG, BACKLOG_BOUND_MS);
  return { ingestPausedPerSecond, ingestActivePerSecond: await timed() };
}

/**
 * Goal: another tenant's backlog does not hold a tenant's single items (docs/fairness.md). The
 * benchmark's tenant sends single items one after another, first alone (the reference), then
 * while a neighbour keeps 20 requests of 10,000 items queued (`Prefer: respond-async`, topped up
 * as workers take them): p95 at most 2 s, none over 5 s, every answer 200.
 */
import { postItems } from '../measure/client';
import { sleep } from '../measure/method';
import { percentile } from '../measure/stats';
import { count, msList } from '../report/format';
import type { Store } from '../stack/store';
import type { Target } from '../stack/target';
import { makeItems, runId } from '../workload';
import { GOALS } from '../goals';
import { judged, type Bench, type Outcome, type Scenario } from './scenario';

const SINGLES = 100;
const BACKLOG = 20;
const NEIGHBOUR_ITEMS = 10_000;

interface Singles {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Answers other than 200 (a 504 after WAIT_TIMEOUT_MS, say). */
  failed: number;
}

async function sendSingles(target: Target): Promise<Singles> {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < SINGLES; i++) {
    const [item] = makeItems(`single-${runId()}`, 1);
    const answer = await postItems(target.funnelUrl, target.token, JSON.stringify(item));
    times.push(answer.ms);
    if (answer.status !== 200) failed += 1;
  }
  const [p50Ms, p95Ms] = [percentile(times, 50), percentile(times, 95)];
  return { p50Ms, p95Ms, maxMs: Math.max(...times), failed };
}

async function sendBacklogRequest(neighbour: Target): Promise<void> {
  const body = JSON.stringify(makeItems(`noisy-${runId()}`, NEIGHBOUR_ITEMS));
  const headers = { prefer: 'respond-async' };
  const answer = await postItems(neighbour.funnelUrl, neighbour.token, body, headers);
  if (answer.status !== 202) throw new Error(`the neighbour's request: ${answer.status}`);
}

/** Keeps BACKLOG of the neighbour's requests queued until the returned stop is called. */
function keepQueued(neighbour: Target, store: Store): () => Promise<void> {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const missing = BACKLOG - (await store.queuedRequests());
      await Promise.all(Array.from({ length: missing }, () => sendBacklogRequest(neighbour)));
      await sleep(200);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

async function run(bench: Bench): Promise<Outcome> {
  const { stack } = bench;
  await stack.resetStore();
  const neighbour = await stack.addTenant('bench-neighbour');
  bench.log(`noisy neighbour: ${SINGLES} single items alone`);
  const alone = await sendSingles(stack.target);

  bench.log(`noisy neighbour: another tenant keeps ${BACKLOG} × ${NEIGHBOUR_ITEMS} items queued`);
  const stop = keepQueued(neighbour, stack.store);
  let beside: Singles;
  try {
    while ((await stack.store.queuedRequests()) < BACKLOG) await sleep(100);
    beside = await sendSingles(stack.target);
  } finally {
    await stop();
  }
  bench.log('noisy neighbour: waiting for the backlog to drain');
  while ((await stack.store.unfinishedRequests()) > 0) await sleep(500);

  const times = (of: Singles) => msList([of.p50Ms, of.p95Ms, of.maxMs]);
  const goal = GOALS.noisyNeighbour;
  const pass = beside.p95Ms <= goal.p95Ms && beside.maxMs <= goal.maxMs && beside.failed === 0;
  const row = {
    scenario: `single items, ${BACKLOG} × ${count(NEIGHBOUR_ITEMS)} queued`,
    figure: 'p50 / p95 / max',
    ours: times(beside),
    reference: `alone ${times(alone)}`,
    result: beside.failed > 0 ? `${beside.failed} not 200` : '',
  };
  return { rows: [judged(row, goal, pass)], runs: { alone, beside } };
}

export const noisyNeighbour: Scenario = { name: 'noisy-neighbour', run };

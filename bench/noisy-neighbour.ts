/**
 * Scenario 10, the noisy neighbour (docs/fairness.md): a second tenant keeps BACKLOG requests of
 * NOISY_ITEMS items queued (`Prefer: respond-async`, topped up as they are taken) while the
 * benchmark's tenant sends single items one after another; the same single items are first sent
 * with no neighbour. Every answer's time is kept; any answer but 200 is counted.
 */
import { performance } from 'node:perf_hooks';
import type { BenchContext } from './context';
import { postItems } from './client';
import { percentile } from './stats';
import { funnelUrl, prepareTarget, type Target } from './tenant';
import { makeItems, runId } from './workload';

export const BACKLOG = 20;
export const NOISY_ITEMS = 10_000;
const NOISY_TENANT = 'bench-noisy';

export interface QuietRun {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Answers other than 200 (a 504 after WAIT_TIMEOUT_MS, say). */
  failed: number;
}

export interface NoisyNeighbourRun {
  alone: QuietRun;
  withNeighbour: QuietRun;
  /** The neighbour's queued requests, read after each single item was answered: least, most. */
  neighbourQueued: { min: number; max: number };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function singles(target: Target, count: number, after?: () => Promise<void>) {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < count; i++) {
    const [item] = makeItems(`quiet-${runId()}`, 1);
    const answer = await postItems(funnelUrl(target), target.token, JSON.stringify(item));
    times.push(answer.ms);
    if (answer.status !== 200) failed += 1;
    await after?.();
  }
  const run: QuietRun = {
    requests: count,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    maxMs: Math.max(...times),
    failed,
  };
  return run;
}

/** The neighbour's requests in `status`, from the first page of its history (at most 100). */
async function neighbourCount(target: Target, status: string): Promise<number> {
  const response = await fetch(
    `${target.baseUrl}/api/v1/funnels/${target.endpointUrl}/history?status=${status}&limit=100`,
    { headers: { authorization: `Bearer ${target.token}` } },
  );
  const page = (await response.json()) as { items?: unknown[] };
  return page.items?.length ?? 0;
}

async function sendAsync(target: Target): Promise<void> {
  const response = await fetch(funnelUrl(target), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${target.token}`,
      'content-type': 'application/json',
      prefer: 'respond-async',
    },
    body: JSON.stringify(makeItems(`noisy-${runId()}`, NOISY_ITEMS)),
  });
  await response.text();
  if (response.status !== 202) throw new Error(`the neighbour's request: ${response.status}`);
}

/** Keeps BACKLOG of the neighbour's requests queued until `stop` is called. */
function keepQueued(target: Target) {
  let stopped = false;
  let topUps = Promise.resolve();
  const loop = (async () => {
    while (!stopped) {
      const missing = BACKLOG - (await neighbourCount(target, 'queued'));
      if (missing > 0) {
        topUps = Promise.all(Array.from({ length: missing }, () => sendAsync(target))).then(
          () => undefined,
        );
        await topUps;
      }
      await pause(200);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

export async function runNoisyNeighbour(context: BenchContext): Promise<NoisyNeighbourRun> {
  const requests = context.options.latencyRequests;
  const { stack, mongo } = context;
  const neighbour = await prepareTarget(mongo, stack.baseUrl, stack.jwtSecret, NOISY_TENANT);
  context.log(`noisy neighbour: ${requests} single items alone`);
  const alone = await singles(context.target, requests);

  context.log(
    `noisy neighbour: ${BACKLOG} requests of ${NOISY_ITEMS} items queued by another tenant`,
  );
  const noise = keepQueued(neighbour);
  const started = performance.now();
  while ((await neighbourCount(neighbour, 'queued')) < BACKLOG) await pause(100);
  context.log(
    `noisy neighbour: backlog in place after ${Math.round(performance.now() - started)} ms`,
  );
  const queued: number[] = [];
  const withNeighbour = await singles(context.target, requests, async () => {
    queued.push(await neighbourCount(neighbour, 'queued'));
  });
  await noise.stop();
  context.log('noisy neighbour: waiting for the backlog to drain');
  while (
    (await neighbourCount(neighbour, 'queued')) + (await neighbourCount(neighbour, 'processing')) >
    0
  ) {
    await pause(500);
  }
  return {
    alone,
    withNeighbour,
    neighbourQueued: { min: Math.min(...queued), max: Math.max(...queued) },
  };
}

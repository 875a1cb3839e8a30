/**
 * Scenario 10, the noisy neighbour (docs/fairness.md): a second tenant keeps BACKLOG requests of
 * NOISY_ITEMS items queued (`Prefer: respond-async`, topped up as they are taken) while the
 * benchmark's tenant sends single items one after another; the same single items are first sent
 * with no neighbour. Every answer's time is kept; any answer but 200 is counted.
 */
import { performance } from 'node:perf_hooks';
import { Queue } from 'bullmq';
import { FUNNEL_QUEUE } from '../core/queue/queue-names';
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

/** Funnel requests parked as delayed jobs; the hourly history purge waits there too. */
async function parkedRequests(queue: Queue): Promise<number> {
  const delayed = await queue.getJobs(['delayed']);
  return delayed.filter((job) => job.name === 'ingest').length;
}

/**
 * The funnel requests queued and not yet taken up (prioritized, or parked): read from the queue,
 * since listing history records scans them on FerretDB and would load the database the scenario
 * measures. The benchmark's tenant has none queued when this is read.
 */
async function queuedRequests(queue: Queue): Promise<number> {
  const counts = await queue.getJobCounts('waiting', 'prioritized');
  return (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (await parkedRequests(queue));
}

/** Funnel requests not finished: queued, or running. */
async function unfinishedRequests(queue: Queue): Promise<number> {
  return (await queuedRequests(queue)) + (await queue.getActiveCount());
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
function keepQueued(target: Target, queue: Queue) {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const missing = BACKLOG - (await queuedRequests(queue));
      await Promise.all(Array.from({ length: Math.max(0, missing) }, () => sendAsync(target)));
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
  const { stack, mongo, engines } = context;
  const neighbour = await prepareTarget(mongo, stack.baseUrl, stack.jwtSecret, NOISY_TENANT);
  const queue = new Queue(FUNNEL_QUEUE, {
    connection: { url: engines.redisUrl },
    prefix: engines.queuePrefix,
  });
  try {
    context.log(`noisy neighbour: ${requests} single items alone`);
    const alone = await singles(context.target, requests);

    context.log(`noisy neighbour: another tenant keeps ${BACKLOG} x ${NOISY_ITEMS} items queued`);
    const noise = keepQueued(neighbour, queue);
    const started = performance.now();
    while ((await queuedRequests(queue)) < BACKLOG) await pause(100);
    const inPlace = Math.round(performance.now() - started);
    context.log(`noisy neighbour: backlog in place after ${inPlace} ms`);
    const queued: number[] = [];
    const withNeighbour = await singles(context.target, requests, async () => {
      queued.push(await queuedRequests(queue));
    });
    await noise.stop();
    const shown = (run: QuietRun) =>
      `p50 ${Math.round(run.p50Ms)} ms, p95 ${Math.round(run.p95Ms)} ms, max ` +
      `${Math.round(run.maxMs)} ms, ${run.failed} not 200`;
    context.log(`noisy neighbour: alone ${shown(alone)}; beside ${shown(withNeighbour)}`);
    context.log('noisy neighbour: waiting for the backlog to drain');
    while ((await unfinishedRequests(queue)) > 0) await pause(500);
    return {
      alone,
      withNeighbour,
      neighbourQueued: { min: Math.min(...queued), max: Math.max(...queued) },
    };
  } finally {
    await queue.close();
  }
}

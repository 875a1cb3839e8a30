/**
 * The cluster scenario's cost: the same single items (as latency.ts) and 10,000-item batch (as
 * batch.ts) on the stack over the Redis Cluster and on the main single-Redis stack, paired in
 * each run (single Redis first), each on an emptied store. A ratio is the median of the runs'.
 */
import { assertSuccess, postItems } from '../measure/client';
import { postConcurrently } from '../measure/concurrent-posts';
import { measure } from '../measure/cpu';
import { WARM_ROUNDS } from '../measure/method';
import { percentile } from '../measure/stats';
import type { Stack } from '../stack/stack';
import { newBody } from './batch-request';
import type { Bench } from './scenario';

const SINGLES = 100;
export const BATCH = 10_000;

export interface Side {
  p50Ms: number;
  p95Ms: number;
  singlesPerSecond: number;
  cpuMsPerRequest: number;
  batchWallMs: number;
  batchCpuMs: number;
}

export interface CostRun {
  single: Side;
  cluster: Side;
}

type Figures<K extends keyof Side> = Pick<Side, K>;

async function singles(
  stack: Stack,
): Promise<Figures<'p50Ms' | 'p95Ms' | 'singlesPerSecond' | 'cpuMsPerRequest'>> {
  await stack.resetStore();
  const ours = await measure(stack.ourPids(), () => postConcurrently(stack.target, SINGLES, 1));
  return {
    p50Ms: percentile(ours.value, 50),
    p95Ms: percentile(ours.value, 95),
    singlesPerSecond: (SINGLES * 1_000) / ours.wallMs,
    cpuMsPerRequest: ours.cpuMs / SINGLES,
  };
}

const postBatch = async (stack: Stack) => {
  const { funnelUrl, token } = stack.target;
  assertSuccess(await postItems(funnelUrl, token, newBody(BATCH)), 'a batch');
};

/** Hot, as batch.ts: the measured request follows an unmeasured one. */
async function batch(stack: Stack): Promise<Figures<'batchWallMs' | 'batchCpuMs'>> {
  await stack.resetStore();
  await postBatch(stack);
  await stack.resetStore();
  const ours = await measure(stack.ourPids(), () => postBatch(stack));
  return { batchWallMs: ours.wallMs, batchCpuMs: ours.cpuMs };
}

export async function measureCost(bench: Bench, cluster: Stack): Promise<CostRun[]> {
  const stacks = { single: bench.stack, cluster };
  const singleRuns: Array<Record<keyof typeof stacks, Awaited<ReturnType<typeof singles>>>> = [];
  for (let i = -1; i < bench.runs; i++) {
    bench.log(`cluster: single items, ${i < 0 ? 'warm-up' : `run ${i + 1} of ${bench.runs}`}`);
    const run = { single: await singles(stacks.single), cluster: await singles(stacks.cluster) };
    if (i >= 0) singleRuns.push(run);
  }
  // One worker each, warm, as batch.ts holds it.
  await Promise.all([bench.stack.setWorkers(1), cluster.setWorkers(1)]);
  try {
    bench.log(`cluster: ${WARM_ROUNDS} batches of ${BATCH} to warm each stack's worker`);
    for (let round = 0; round < WARM_ROUNDS; round++) {
      for (const stack of [bench.stack, cluster]) {
        await stack.resetStore();
        await postBatch(stack);
      }
    }
    const runs: CostRun[] = [];
    for (const [index, paired] of singleRuns.entries()) {
      bench.log(`cluster: batch of ${BATCH}, run ${index + 1} of ${bench.runs}`);
      const single = { ...paired.single, ...(await batch(stacks.single)) };
      runs.push({ single, cluster: { ...paired.cluster, ...(await batch(stacks.cluster)) } });
    }
    return runs;
  } finally {
    await bench.stack.setWorkers(bench.workers);
  }
}

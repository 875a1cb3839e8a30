/**
 * A batch request as the batch, growth and naive scenarios send it, and how they hold the worker
 * that writes it: one worker, warm and hot (bench/README.md, "Method"). A request that is not
 * chunked is written by one worker whatever their number, and BullMQ hands a job to the worker
 * that has waited longest: with two, the measured request would always find its worker idle, and
 * a process that idled spends more CPU on its next batch.
 */
import { assertSuccess, postItems } from '../measure/client';
import { WARM_ROUNDS } from '../measure/method';
import { makeItems, runId } from '../workload';
import type { Bench } from './scenario';

export const newBody = (size: number) => JSON.stringify(makeItems(runId(), size));

export async function postBatch(bench: Bench, body: string): Promise<void> {
  const { funnelUrl, token } = bench.stack.target;
  assertSuccess(await postItems(funnelUrl, token, body), 'a batch');
}

/** The worker runs the batch WARM_ROUNDS times, as the floor process writes its body first. */
export async function warmWorker(bench: Bench, size: number): Promise<void> {
  bench.log(`batch ${size}: ${WARM_ROUNDS} rounds to warm the worker`);
  for (let round = 0; round < WARM_ROUNDS; round++) {
    await bench.stack.resetStore();
    await postBatch(bench, newBody(size));
  }
}

/** Runs `measure` with one worker, then gives the stack its workers back. */
export async function withOneWorker<T>(bench: Bench, measure: () => Promise<T>): Promise<T> {
  await bench.stack.setWorkers(1);
  try {
    return await measure();
  } finally {
    await bench.stack.setWorkers(bench.workers);
  }
}

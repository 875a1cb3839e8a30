/**
 * Unmeasured batches that put the processes in the state the floor is measured in (see
 * measurement.ts): warm, having run the batch WARM_ROUNDS times as the floor process writes its
 * body WARM_ROUNDS times first; and hot, a measured request following an unmeasured one as the
 * floor's measured write follows its warm-up rounds. The request-cost scenarios run with one
 * worker (scenarios.ts), so every one of these batches reaches the worker that is measured.
 */
import { batchBody } from './batch';
import { assertSuccess, postItems } from './client';
import type { BenchContext } from './context';
import { WARM_ROUNDS } from './measurement';
import { resetStore } from './store-reset';
import { funnelUrl } from './tenant';

/** One batch of `size` new items, not measured. */
export async function sendUnmeasured(context: BenchContext, size: number): Promise<void> {
  const result = await postItems(funnelUrl(context.target), context.target.token, batchBody(size));
  assertSuccess(result, `an unmeasured batch of ${size}`);
}

/** WARM_ROUNDS unmeasured batches of `size`, each into an emptied store. */
export async function warmUp(context: BenchContext, size: number): Promise<void> {
  for (let round = 0; round < WARM_ROUNDS; round++) {
    await resetStore(context.mongo);
    await sendUnmeasured(context, size);
  }
}

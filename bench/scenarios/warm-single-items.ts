/**
 * The product's processes warmed for single items as the floor is (bench/measure/method.ts):
 * WARM_SINGLE_ITEMS requests at the concurrency about to be measured, unmeasured, then the store
 * emptied. Each single-item scenario warms first, since another may have restarted the processes.
 */
import { postConcurrently } from '../measure/concurrent-posts';
import { WARM_SINGLE_ITEMS } from '../measure/method';
import type { Bench } from './scenario';

export async function warmSingleItems(bench: Bench, inFlight: number): Promise<void> {
  bench.log(`warming: ${WARM_SINGLE_ITEMS} single items, ${inFlight} in flight`);
  await postConcurrently(bench.stack.target, WARM_SINGLE_ITEMS, inFlight);
  await bench.stack.resetStore();
}

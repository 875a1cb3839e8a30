/**
 * Every process a batch figure counts is measured warm, and equally so: before the measured runs
 * of a batch size, each worker process runs that batch WARM_ROUNDS times, as the floor process
 * writes its body WARM_ROUNDS times before its measured write (bench/floor.ts). V8 optimises a
 * function by how often it has run, so a worker that had taken one warm-up job of two would be
 * measured half cold, and a floor warmed less than the workers would look cheaper than it is.
 * Which worker takes a job is BullMQ's choice: batches are sent until each worker has taken
 * enough, told apart by whose CPU time rose most.
 */
import { assertSuccess, postItems } from './client';
import type { BenchContext } from './context';
import { CpuMeter } from './cpu-meter';
import { resetStore } from './store-reset';
import { batchBody } from './batch';
import { funnelUrl } from './tenant';
import { WARM_ROUNDS } from './measurement';

/** Sends batches of `size` until every worker has taken WARM_ROUNDS of them (bounded). */
export async function warmEveryWorker(context: BenchContext, size: number): Promise<void> {
  const workers = context.stack.pids.workers;
  const taken = new Map(workers.map((pid) => [pid, 0]));
  const enough = () => [...taken.values()].every((count) => count >= WARM_ROUNDS);
  const limit = WARM_ROUNDS * workers.length * 4;
  for (let sent = 0; sent < limit && !enough(); sent++) {
    await resetStore(context.mongo);
    const meter = CpuMeter.start({ workers });
    const result = await postItems(
      funnelUrl(context.target),
      context.target.token,
      batchBody(size),
    );
    assertSuccess(result, `a warm-up batch of ${size}`);
    const { pids } = meter.stop();
    const busiest = workers.reduce((a, b) => ((pids[b] ?? 0) > (pids[a] ?? 0) ? b : a));
    taken.set(busiest, (taken.get(busiest) ?? 0) + 1);
  }
  context.log(
    `batch ${size}: warm-up jobs per worker ${[...taken.values()].join(', ')}` +
      (enough() ? '' : ` (fewer than ${WARM_ROUNDS} after ${limit} batches)`),
  );
}

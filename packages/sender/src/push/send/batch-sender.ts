/**
 * Sends batches with at most `concurrency` in flight, taking the next from the source as soon
 * as one is answered, and hands each answer on in the order they come. The first error that
 * stops the run (a refused token, retries spent) lets the requests in flight finish, sends
 * nothing more and is thrown at the end.
 */
import type { Batch } from '../push-types';

export async function sendConcurrently(
  batches: AsyncIterable<Batch>,
  concurrency: number,
  sendOne: (batch: Batch) => Promise<void>,
): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let stopped: { error: unknown } | undefined;
  try {
    for await (const batch of batches) {
      if (stopped) break;
      const sending: Promise<void> = sendOne(batch)
        .catch((error: unknown) => {
          stopped ??= { error };
        })
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
  } finally {
    // Also when the input fails: what was sent is answered and recorded before the run ends.
    await Promise.all(inFlight);
  }
  if (stopped) throw stopped.error;
}

/**
 * BullMQ's errors that this service tells apart. BullMQ throws a plain Error when a wait for a
 * job's result runs out, so it is recognised here, once, by its wording; a test with a real
 * queue fails if BullMQ's wording changes.
 */
const WAIT_TIMED_OUT = 'timed out before finishing';

/** `job.waitUntilFinished(events, ttl)` gave up after `ttl`: the job may still be running. */
export function isWaitTimeout(error: unknown): boolean {
  return error instanceof Error && error.message.includes(WAIT_TIMED_OUT);
}

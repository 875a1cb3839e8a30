/** When a failed delivery is tried again. Rules: docs/export.md#retries. */
import type { DeliveryAttempt } from '../delivery/delivery-attempt';

/** Statuses whose `Retry-After` is followed rather than the schedule. */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

/** The wait after the `failures`-th failure in a row (1 = the first); the last wait repeats. */
export function retryDelayMs(
  failures: number,
  attempt: Pick<DeliveryAttempt, 'status' | 'retryAfterSeconds'>,
  delays: readonly number[],
): number {
  if (
    attempt.status !== undefined &&
    RETRY_AFTER_STATUSES.has(attempt.status) &&
    attempt.retryAfterSeconds !== undefined
  ) {
    return attempt.retryAfterSeconds * 1000;
  }
  const index = Math.min(Math.max(failures, 1), delays.length) - 1;
  return delays[index] ?? 0;
}

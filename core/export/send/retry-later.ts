/**
 * A failed attempt, recorded on its delivery, which waits out the retry schedule, or what the
 * receiver asked with `Retry-After`; the lane waits with it, to keep its order. Behaviour:
 * docs/export.md#retries.
 */
import type { DeliveryAttempt } from '../delivery/delivery-attempt';
import { KEPT_ATTEMPTS, type DeliveryDocument } from '../delivery/delivery-record';
import type { ExportDeliveryContext } from '../export-delivery-context';
import { retryDelayMs } from './retry-schedule';

/** Answers when the delivery is tried again. */
export async function retryLater(
  delivery: DeliveryDocument,
  attempt: DeliveryAttempt,
  now: Date,
  context: Pick<ExportDeliveryContext, 'db' | 'rules'>,
): Promise<Date> {
  const failures = delivery.attemptCount + 1;
  const until = new Date(
    now.getTime() + retryDelayMs(failures, attempt, context.rules.retryDelaysMs),
  );
  await context.db.exportDeliveries.updateOne(
    { _id: delivery._id },
    {
      $set: {
        status: 'failed',
        nextAttemptAt: until,
        attempts: [...delivery.attempts, attempt].slice(-KEPT_ATTEMPTS),
        attemptCount: failures,
      },
    },
  );
  return until;
}

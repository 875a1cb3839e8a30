/**
 * A delivery answered with a 2xx, as the delivery log keeps it: its changes go (its summary
 * stays, and the change log holds them), and it expires after the retention.
 */
import type { DeliveryAttempt } from '../delivery/delivery-attempt';
import { KEPT_ATTEMPTS, type DeliveryDocument } from '../delivery/delivery-record';
import type { ExportDeliveryContext } from '../export-delivery-context';

const DAY_MS = 24 * 3600 * 1000;

export async function recordSuccess(
  delivery: DeliveryDocument,
  attempt: DeliveryAttempt,
  context: Pick<ExportDeliveryContext, 'db' | 'now' | 'rules'>,
): Promise<void> {
  const now = context.now();
  await context.db.exportDeliveries.updateOne(
    { _id: delivery._id },
    {
      $set: {
        status: 'succeeded',
        changes: [],
        succeededAt: now,
        expiresAt: new Date(now.getTime() + context.rules.logDays * DAY_MS),
        nextAttemptAt: null,
        attempts: [...delivery.attempts, attempt].slice(-KEPT_ATTEMPTS),
        attemptCount: delivery.attemptCount + 1,
      },
    },
  );
}

/**
 * After a failed attempt: a `410 Gone` disables the export at once, and so do attempts that all
 * failed for too long, with no 2xx between (a success ends the run: lane-progress.ts). Disabled,
 * nothing is sent and nothing dropped, until it is re-enabled. Behaviour: docs/export.md#retries.
 */
import type { DeliveryAttempt } from '../delivery/delivery-attempt';
import type { ExportDeliveryContext } from '../export-delivery-context';
import type { ExportDocument } from '../export-record';

type Context = Pick<ExportDeliveryContext, 'db' | 'rules'>;

/** Answers whether the export is disabled now. */
export async function disableIfFailing(
  exp: ExportDocument,
  attempt: DeliveryAttempt,
  now: Date,
  context: Context,
): Promise<boolean> {
  if (attempt.status === 410) {
    await disable(exp, 'The receiver answered 410 Gone', now, context);
    return true;
  }
  const failingSince = exp.failingSince ?? now;
  if (!exp.failingSince) {
    await context.db.exports.updateOne(
      { _id: exp._id, failingSince: null },
      { $set: { failingSince: now } },
    );
  }
  if (now.getTime() - failingSince.getTime() < context.rules.disableAfterMs) return false;
  await disable(exp, `Every delivery failed since ${failingSince.toISOString()}`, now, context);
  return true;
}

async function disable(exp: ExportDocument, reason: string, now: Date, context: Context) {
  await context.db.exports.updateOne(
    { _id: exp._id },
    { $set: { state: 'disabled', disabledReason: reason, updatedAt: now } },
  );
}

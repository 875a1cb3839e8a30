/**
 * Which of a lane's deliveries a send takes next: the one after those answered with a 2xx. The
 * lane's count can be behind (a send job writes it every few deliveries), so the send job's own
 * count is taken when it is further.
 */
import { deliveryIdOf, type DeliveryDocument } from '../delivery/delivery-record';
import type { ExportDeliveryContext } from '../export-delivery-context';
import type { ExportDocument } from '../export-record';

/** How long a send waits for deliveries a dispatch is writing. */
const FORMING_WAIT_MS = 200;

export type NextDelivery =
  /** Nothing to send: the export is not active, or the lane's deliveries are all sent. */
  | { kind: 'idle' }
  /** Not yet: a dispatch is writing it, or it waits out its retry. */
  | { kind: 'wait'; until: Date }
  /** Succeeded already, or removed by the retention after it succeeded: pass over it. */
  | { kind: 'passed'; n: number }
  | { kind: 'due'; exp: ExportDocument; delivery: DeliveryDocument; n: number };

/** Where a send is: its export, its lane, and how far the send job itself got in it. */
export interface LanePosition {
  exportDocId: string;
  exportId: string;
  lane: number;
  sentByJob: number;
}

type Reads = Pick<ExportDeliveryContext, 'db' | 'now'>;

const findDelivery = (context: Reads, exportId: string, lane: number, n: number) =>
  context.db.exportDeliveries.findOne({ _id: deliveryIdOf(exportId, lane, n) });

export async function nextDelivery(
  { exportDocId, exportId, lane, sentByJob }: LanePosition,
  context: Reads,
): Promise<NextDelivery> {
  // Once the job has sent one, the next is usually the one after it: read beside the export.
  const guessed = sentByJob > 0 ? findDelivery(context, exportId, lane, sentByJob + 1) : null;
  guessed?.catch(() => undefined);
  const exp = await context.db.exports.findOne({ _id: exportDocId });
  if (!exp || exp.state !== 'active') return { kind: 'idle' };
  const counters = exp.lanes[lane];
  const sent = Math.max(counters?.sent ?? 0, sentByJob);
  if (!counters || sent >= counters.formed) return { kind: 'idle' };
  const n = sent + 1;
  // A delivery found is as good as read now: the lane's numbers never change their changes. One
  // not found is read again, after the export: a dispatch writes a delivery before it counts it
  // formed, so only a read after that count is sure to see it.
  const early = n === sentByJob + 1 ? await guessed : null;
  const delivery = early ?? (await findDelivery(context, exportId, lane, n));
  const now = context.now();
  // Still being written by a dispatch: look again shortly (a dispatch that died leaves the
  // record too; the next dispatch, at the latest the sweep's, finishes it). Numbers the forming
  // found taken were written before it began.
  if (!delivery && exp.forming && n > (exp.forming.formedBefore[lane] ?? 0)) {
    return { kind: 'wait', until: new Date(now.getTime() + FORMING_WAIT_MS) };
  }
  // Gone and not being formed: the retention removed it after it succeeded.
  if (!delivery || delivery.status === 'succeeded') return { kind: 'passed', n };
  if (delivery.nextAttemptAt && delivery.nextAttemptAt > now) {
    return { kind: 'wait', until: delivery.nextAttemptAt };
  }
  return { kind: 'due', exp, delivery, n };
}

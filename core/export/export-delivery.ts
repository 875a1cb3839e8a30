/**
 * Export delivery: how the changes in the log reach an export's receiver, in the order a change
 * meets the steps (docs/export.md#deliveries, docs/export.md#retries):
 *  1. dispatch: the changes after the export's cursor (then a replay or a resync asked for) are
 *     formed into numbered deliveries in its lanes, and each lane that got some is woken
 *     (dispatch/export-dispatcher.ts);
 *  2. send: a lane's next delivery is posted, signed; on a 2xx it is recorded so and the lane goes
 *     on with the one after it (send/next-delivery.ts, send/send-delivery.ts);
 *  3. retry: a failed attempt is recorded, and its delivery waits out the retry schedule or the
 *     receiver's `Retry-After`, the lane with it (send/retry-later.ts);
 *  4. disable: a `410 Gone`, or attempts that only failed for too long, disable the export; what
 *     waits stays for when it is re-enabled (send/disable-export.ts).
 * Every step is stored in MongoDB before the next; the jobs that run them live in Redis. What a
 * lost job leaves is queued again by the sweep (wake-ups/export-sweep.ts), and a wake-up that came
 * while a job ran, once it ended (wake-ups/missed-wake-up.ts). A receiver gets each delivery at
 * least once, under the same `webhook-id`.
 */
import { ExportDispatcher } from './dispatch/export-dispatcher';
import type { ExportDeliveryContext } from './export-delivery-context';
import { done, runAgainAt, type ExportJobOutcome } from './export-job-outcome';
import type { DispatchJob, ExportJob, SendJob } from './export-jobs';
import { exportDocumentId } from './export-record';
import { disableIfFailing } from './send/disable-export';
import { LaneProgress } from './send/lane-progress';
import { nextDelivery } from './send/next-delivery';
import { recordSuccess } from './send/record-success';
import { retryLater } from './send/retry-later';
import { sendDelivery } from './send/send-delivery';
import { IDLE, SENT, type SendStep } from './send/send-step';
import { sweepExports } from './wake-ups/export-sweep';
import { lookOnceListed } from './wake-ups/look-once-listed';
import { wakeMissed } from './wake-ups/missed-wake-up';

/** A send job yields its slot after this many deliveries or this long, then goes on. */
const SEND_BUDGET = 100;
const SEND_TIME_BUDGET_MS = 20_000;

export function runExportJob(
  job: ExportJob,
  context: ExportDeliveryContext,
): Promise<ExportJobOutcome> {
  if (job.name === 'dispatch') return dispatchExport(job.data, context);
  if (job.name === 'send') return sendLane(job.data, context);
  return sweepExports(context).then(done);
}

/** Step 1, for one export; it runs again while work is left. */
export async function dispatchExport(
  job: DispatchJob,
  context: ExportDeliveryContext,
): Promise<ExportJobOutcome> {
  const dispatcher = new ExportDispatcher(
    context.db,
    context.items,
    context.changeLog,
    context.now,
  );
  const formed = await dispatcher.run(exportDocumentId(job.tenant, job.exportId), async (lanes) => {
    for (const lane of lanes) await context.queue.send({ ...job, lane });
  });
  if (formed.more) return runAgainAt(context.now());
  const lookAgainAt = lookOnceListed(formed.settingsChangedAt, context.now());
  return lookAgainAt ? runAgainAt(lookAgainAt) : done('done');
}

/** Steps 2 to 4 for one lane, delivery after delivery, until it must wait or has used its turn. */
export async function sendLane(
  job: SendJob,
  context: ExportDeliveryContext,
): Promise<ExportJobOutcome> {
  const exportDocId = exportDocumentId(job.tenant, job.exportId);
  const progress = new LaneProgress(exportDocId, job.exportId, job.lane, context);
  const started = context.now().getTime();
  const inTurn = (steps: number) =>
    steps < SEND_BUDGET && context.now().getTime() - started < SEND_TIME_BUDGET_MS;
  let step: SendStep = SENT;
  for (let steps = 0; inTurn(steps) && step.kind === 'sent'; steps += 1) {
    step = await sendNext(progress, context);
  }
  await progress.count();
  if (step.kind === 'idle') return done('idle');
  return runAgainAt(step.kind === 'wait' ? step.until : context.now());
}

/** Steps 2 to 4 for the lane's next delivery. */
async function sendNext(progress: LaneProgress, context: ExportDeliveryContext): Promise<SendStep> {
  const { exportDocId, exportId, lane, sent } = progress;
  const next = await nextDelivery({ exportDocId, exportId, lane, sentByJob: sent }, context);
  if (next.kind === 'idle' || next.kind === 'wait') return next;
  if (next.kind === 'passed') {
    progress.passed(next.n);
    return SENT;
  }

  const attempt = await sendDelivery(next.exp, next.delivery, context);
  if (attempt.ok) {
    await recordSuccess(next.delivery, attempt, context);
    await progress.succeeded(next.n);
    return SENT;
  }
  // The count first: a success counted later would end this run of failures.
  await progress.count();
  const now = context.now();
  const until = await retryLater(next.delivery, attempt, now, context);
  if (await disableIfFailing(next.exp, attempt, now, context)) return IDLE;
  return { kind: 'wait', until };
}

/** After a job ended: what woke it again while it ran is queued again. */
export function afterExportJob(job: ExportJob, context: ExportDeliveryContext): Promise<void> {
  return wakeMissed(job, context);
}

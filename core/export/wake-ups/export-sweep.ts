/**
 * The periodic look at every active export: queues a dispatch where changes, a replay or a resync
 * wait, and a send for each lane with deliveries waiting. The jobs live in Redis, the work in
 * MongoDB: jobs lost with a Redis restart, or with a worker killed at the wrong moment, are made
 * again from MongoDB here. One schedule (a fixed id) however many workers run.
 */
import type { ExportDeliveryContext } from '../export-delivery-context';
import { EXPORT_JOB_OPTIONS, SWEEP_SCHEDULER_ID } from '../export-jobs';
import type { ExportQueue } from '../export-queue';
import { hasChangesWaiting } from './changes-waiting';

export async function scheduleSweep(queue: ExportQueue, everyMs: number): Promise<void> {
  await queue
    .of(undefined)
    .upsertJobScheduler(
      SWEEP_SCHEDULER_ID,
      { every: everyMs },
      { name: 'sweep', data: {}, opts: EXPORT_JOB_OPTIONS },
    );
}

/** Answers how many jobs it queued (existing ones are left as they are). */
export async function sweepExports(
  context: Pick<ExportDeliveryContext, 'db' | 'changeLog' | 'queue'>,
): Promise<number> {
  const active = await context.db.exports.find({ state: 'active' }).toArray();
  let queued = 0;
  for (const exp of active) {
    const job = { tenant: exp.tenant, exportId: exp.id };
    if (await hasChangesWaiting(exp, context.changeLog)) {
      await context.queue.dispatch(job);
      queued += 1;
    }
    for (const [lane, counters] of exp.lanes.entries()) {
      if (counters.formed > counters.sent) {
        await context.queue.send({ ...job, lane });
        queued += 1;
      }
    }
  }
  return queued;
}

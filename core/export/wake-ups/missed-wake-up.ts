/**
 * The queue holds one dispatch per export and one send per lane: a wake-up that arrived while the
 * job ran was dropped as a duplicate. Once the job is gone, it is queued again if its work still
 * waits, so that no change waits for the sweep.
 */
import type { ExportDeliveryContext } from '../export-delivery-context';
import type { ExportJob } from '../export-jobs';
import { exportDocumentId } from '../export-record';
import { hasChangesWaiting } from './changes-waiting';

export async function wakeMissed(
  job: ExportJob,
  context: Pick<ExportDeliveryContext, 'db' | 'changeLog' | 'queue'>,
): Promise<void> {
  if (job.name === 'sweep') return;
  const { tenant, exportId } = job.data;
  const exp = await context.db.exports.findOne({ _id: exportDocumentId(tenant, exportId) });
  if (!exp || exp.state !== 'active' || exp.forming) return;
  if (job.name === 'dispatch') {
    if (await hasChangesWaiting(exp, context.changeLog)) await context.queue.dispatch(job.data);
    return;
  }
  const lane = exp.lanes[job.data.lane];
  if (lane && lane.formed > lane.sent) await context.queue.send(job.data);
}

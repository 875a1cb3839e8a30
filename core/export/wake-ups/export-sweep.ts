/**
 * The periodic look at every active export: queues a dispatch where changes, a replay or a resync
 * wait, and a send for each lane with deliveries waiting. The jobs live in Redis, the work in
 * MongoDB: jobs lost with a Redis restart, or with a worker killed at the wrong moment, are made
 * again from MongoDB here. One schedule (a fixed id) however many workers run.
 */
import type { ChangeLogReader } from '../../changes/change-log';
import type { ExportCollections } from '../export-collections';
import { EXPORT_JOB_OPTIONS, SWEEP_SCHEDULER_ID } from '../export-jobs';
import type { ExportQueue } from '../export-queue';
import type { ExportDocument } from '../export-record';

export class ExportSweep {
  constructor(
    private readonly db: ExportCollections,
    private readonly changeLog: ChangeLogReader,
    private readonly queue: ExportQueue,
  ) {}

  async schedule(everyMs: number): Promise<void> {
    await this.queue.queue.upsertJobScheduler(
      SWEEP_SCHEDULER_ID,
      { every: everyMs },
      { name: 'sweep', data: {}, opts: EXPORT_JOB_OPTIONS },
    );
  }

  async hasChangesWaiting(exp: ExportDocument): Promise<boolean> {
    if (exp.forming) return true;
    if (exp.replay && exp.replay.next < exp.replay.to) return true;
    if (exp.resync?.state === 'running') return true;
    return (await this.changeLog.head(exp.tenant)) > exp.cursor;
  }

  /** Answers how many jobs it queued (existing ones are left as they are). */
  async run(): Promise<number> {
    const active = await this.db.exports.find({ state: 'active' }).toArray();
    let queued = 0;
    for (const exp of active) {
      const job = { tenant: exp.tenant, exportId: exp.id };
      if (await this.hasChangesWaiting(exp)) {
        await this.queue.dispatch(job);
        queued += 1;
      }
      for (const [lane, counters] of exp.lanes.entries()) {
        if (counters.formed > counters.sent) {
          await this.queue.send({ ...job, lane });
          queued += 1;
        }
      }
    }
    return queued;
  }
}

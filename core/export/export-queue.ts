/** Adds the export queue's jobs, for API processes, listeners and the jobs themselves. */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  dispatchJobId,
  EXPORT_JOB_OPTIONS,
  EXPORT_QUEUE,
  sendJobId,
  type DispatchJob,
  type SendJob,
} from './export-jobs';
import { LANE_COUNT } from './dispatch/lanes';

/** What the delivery's steps queue: a dispatch of an export, a send of one of its lanes. */
export type ExportWakeUps = Pick<ExportQueue, 'dispatch' | 'send'>;

export class ExportQueue {
  readonly queue: Queue;

  constructor(connection: Redis, prefix: string) {
    this.queue = new Queue(EXPORT_QUEUE, {
      connection,
      prefix,
      defaultJobOptions: EXPORT_JOB_OPTIONS,
    });
    this.queue.on('error', () => undefined);
  }

  async dispatch(job: DispatchJob): Promise<void> {
    await this.queue.add('dispatch', job, { jobId: dispatchJobId(job) });
  }

  /** A send of the lane; `now` also brings a send waiting out a retry delay forward. */
  async send(job: SendJob, options: { now?: boolean } = {}): Promise<void> {
    const jobId = sendJobId(job);
    if (options.now) {
      const existing = await this.queue.getJob(jobId);
      if (existing && (await existing.isDelayed())) {
        await existing.promote().catch(() => undefined);
        return;
      }
    }
    await this.queue.add('send', job, { jobId });
  }

  async sendAllLanes(tenant: string, exportId: string, options: { now?: boolean } = {}) {
    for (let lane = 0; lane < LANE_COUNT; lane += 1) {
      await this.send({ tenant, exportId, lane }, options);
    }
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

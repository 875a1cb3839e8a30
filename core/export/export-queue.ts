/** Adds the export queue's jobs, for API processes, listeners and the jobs themselves. */
import type { Queue } from 'bullmq';
import type { KeySpace } from '../redis/key-space';
import type { RedisClient } from '../redis/redis-connection';
import { ShardedQueues } from '../queue/sharded-queues';
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

/** The export queue of each shard: a tenant's export jobs go to its shard's. */
export class ExportQueue {
  readonly queues: ShardedQueues;

  constructor(connection: RedisClient, keys: KeySpace) {
    this.queues = new ShardedQueues(EXPORT_QUEUE, keys, connection, EXPORT_JOB_OPTIONS);
    this.queues.onError(() => undefined);
  }

  /** The queue of the tenant's shard; that of the first shard for the sweep, of no tenant. */
  of(tenant: string | undefined): Queue {
    return this.queues.of(tenant);
  }

  async dispatch(job: DispatchJob): Promise<void> {
    await this.of(job.tenant).add('dispatch', job, { jobId: dispatchJobId(job) });
  }

  /** A send of the lane; `now` also brings a send waiting out a retry delay forward. */
  async send(job: SendJob, options: { now?: boolean } = {}): Promise<void> {
    const jobId = sendJobId(job);
    const queue = this.of(job.tenant);
    if (options.now) {
      const existing = await queue.getJob(jobId);
      if (existing && (await existing.isDelayed())) {
        await existing.promote().catch(() => undefined);
        return;
      }
    }
    await queue.add('send', job, { jobId });
  }

  async sendAllLanes(tenant: string, exportId: string, options: { now?: boolean } = {}) {
    for (let lane = 0; lane < LANE_COUNT; lane += 1) {
      await this.send({ tenant, exportId, lane }, options);
    }
  }

  close(): Promise<void> {
    return this.queues.close();
  }
}

/**
 * The BullMQ job that ran a funnel request, found by the request's id in the worker's log (its
 * job id is a random one of the API's): how a test reads how many attempts a request took.
 */
import type { Job } from 'bullmq';
import type { Pipeline } from './pipeline-fixture';

export async function requestJob(p: Pipeline, requestId: string): Promise<Job> {
  const started = await p.worker.waitForLog(
    (line) => line.requestId === requestId && line.msg === 'job started' && line.job === 'ingest',
  );
  // The log does not name the tenant, so its shard: the job is in one of them.
  for (const { queue } of p.api.context.queue.queues.all) {
    const job = await queue.getJob(String(started.jobId));
    if (job) return job;
  }
  throw new Error(`the job of request ${requestId} is gone`);
}

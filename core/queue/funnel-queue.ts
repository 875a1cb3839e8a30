/**
 * The producer side of the funnel queue, used by API processes: add a job to its tenant's queue
 * shard and wait for its result. One instance (and so one reply list, job-replies.ts) per process.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Job, type Queue } from 'bullmq';
import { DEFAULT_JOB_OPTIONS } from './job-options';
import { JobReplies } from './job-replies';
import { JOBS, type JobData, type JobName, type JobResult, type ReplyingJobName } from './jobs';
import { PayloadStore } from '../redis/payload-store';
import { FUNNEL_QUEUE } from './queue-names';
import { createRedis, type RedisClient } from '../redis/redis-connection';
import type { RedisTopology } from '../platform/redis-topology';
import type { KeySpace } from '../redis/key-space';
import { ShardedQueues, tenantOfJob } from './sharded-queues';

export type JobOutcome<N extends JobName> =
  { state: 'completed'; jobId: string; result: JobResult<N> } | { state: 'running'; jobId: string };

export class JobFailedError extends Error {
  constructor(
    readonly jobId: string,
    reason: string,
  ) {
    super(`Job ${jobId} failed: ${reason}`);
    this.name = 'JobFailedError';
  }
}

/** How often a wait for another process's job looks at it. */
const LOOK_AGAIN_MS = 100;

export interface FunnelQueueOptions {
  topology: RedisTopology;
  keys: KeySpace;
}

export class FunnelQueue {
  /** The producer's command connection: fails fast while Redis is away. */
  readonly redis: RedisClient;
  readonly keys: KeySpace;
  readonly queues: ShardedQueues;
  readonly payloads: PayloadStore;
  /** The outcomes of this process's jobs, read on a blocking connection of their own. */
  private readonly replies: JobReplies;

  constructor(options: FunnelQueueOptions) {
    this.keys = options.keys;
    this.redis = createRedis(options.topology, 'command', 'producer');
    this.payloads = new PayloadStore(this.redis, options.keys);
    this.queues = new ShardedQueues(FUNNEL_QUEUE, options.keys, this.redis, DEFAULT_JOB_OPTIONS);
    const replies = createRedis(options.topology, 'blocking', 'producer-replies');
    this.replies = new JobReplies(replies, options.keys);
    // Connection errors surface through the health check and failed adds, not as crashes.
    this.redis.on('error', () => undefined);
    this.queues.onError(() => undefined);
    replies.on('error', () => undefined);
    for (const { queue } of this.queues.all) queue.setMaxListeners(0);
    this.replies.start();
  }

  async waitUntilReady(): Promise<void> {
    await this.queues.waitUntilReady();
  }

  /**
   * Adds a job after checking its data against the job's schema; `priority` orders it among
   * other tenants' requests (core/redis/tenant-ranks.ts).
   */
  async add<N extends JobName>(name: N, data: JobData<N>, jobId?: string, priority?: number) {
    const parsed: unknown = JOBS[name].data.parse(data);
    // Rank 1 goes on the plain wait list, taken first and in order as priority 1 would be, by
    // BullMQ's cheaper path.
    return this.queues.of(tenantOfJob(parsed)).add(name, parsed, {
      ...(jobId ? { jobId } : {}),
      ...(priority && priority > 1 ? { priority } : {}),
    });
  }

  /**
   * Adds a job and waits up to `timeoutMs` for its result. A job still running then is left to
   * finish on its own (`state: 'running'`); a job that failed for good throws JobFailedError.
   */
  async run<N extends ReplyingJobName>(
    name: N,
    data: JobData<N>,
    options: { timeoutMs: number; jobId: string; priority?: number },
  ): Promise<JobOutcome<N>> {
    const { jobId } = options;
    const waiting = this.replies.wait(jobId, options.timeoutMs);
    try {
      await this.add(name, { ...data, replyTo: this.replies.address }, jobId, options.priority);
    } catch (error) {
      waiting.cancel();
      throw error;
    }
    const reply = await waiting.reply;
    if (!reply) return { state: 'running', jobId };
    if (reply.state === 'failed') throw new JobFailedError(jobId, reply.reason);
    return {
      state: 'completed',
      jobId,
      result: JOBS[name].result.parse(reply.result) as JobResult<N>,
    };
  }

  /**
   * Waits for a job of `tenant` added earlier (by any process): its result, `running` after
   * `timeoutMs`, or `gone` when the job no longer exists or failed for good. Its reply goes to
   * the process that added it, so this one looks at the job from time to time: only a repeated
   * request waits this way.
   */
  async waitFor<N extends JobName>(
    name: N,
    tenant: string,
    jobId: string,
    timeoutMs: number,
  ): Promise<JobOutcome<N> | { state: 'gone'; jobId: string }> {
    const queue = this.queues.of(tenant);
    const deadline = Date.now() + timeoutMs;
    let job = await this.appearingJob(queue, jobId);
    for (;;) {
      if (!job) return { state: 'gone', jobId };
      if (job.finishedOn) {
        if (!(await job.isCompleted())) return { state: 'gone', jobId };
        const result = JOBS[name].result.parse(job.returnvalue) as JobResult<N>;
        return { state: 'completed', jobId, result };
      }
      if (Date.now() >= deadline) return { state: 'running', jobId };
      await sleep(LOOK_AGAIN_MS);
      job = await Job.fromId(queue, jobId);
    }
  }

  /** Jobs by state in each shard, for metrics and dashboards. */
  async jobCounts(): Promise<{ shard: number; counts: Record<string, number> }[]> {
    return Promise.all(
      this.queues.all.map(async ({ shard, queue }) => ({
        shard: shard.index,
        // `waiting-children`: large requests whose chunk jobs are being written.
        // `prioritized`: funnel requests waiting in their fair order.
        counts: await queue.getJobCounts(
          'waiting',
          'prioritized',
          'active',
          'delayed',
          'waiting-children',
          'failed',
          'completed',
        ),
      })),
    );
  }

  /**
   * The job, waiting briefly for it to appear: the process that claimed an Idempotency-Key adds
   * its job a moment after the claim, and a repeat may look in between.
   */
  private async appearingJob(
    queue: Queue,
    jobId: string,
    withinMs = 3_000,
  ): Promise<Job | undefined> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const job = await Job.fromId(queue, jobId);
      if (job || Date.now() >= deadline) return job;
      await sleep(50);
    }
  }

  /** Workers seen by Redis right now (each consumes every shard); shown by /readyz. */
  async workerCount(): Promise<number> {
    return this.queues.of(undefined).getWorkersCount();
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.replies.close(), this.queues.close()]);
    this.redis.disconnect();
  }
}

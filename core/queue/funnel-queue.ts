/**
 * The producer side of the funnel queue, used by API processes: add a job and wait for its
 * result. One instance (and so one QueueEvents subscription) per process.
 */
import { isWaitTimeout } from './bullmq-errors';
import { Job, Queue, QueueEvents } from 'bullmq';
import { DEFAULT_JOB_OPTIONS } from './job-options';
import { JOBS, type JobData, type JobName, type JobResult } from './jobs';
import { PayloadStore } from '../redis/payload-store';
import { FUNNEL_QUEUE } from './queue-names';
import type { Redis } from 'ioredis';
import { createRedis, redisOptions } from '../redis/redis-connection';

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

export interface FunnelQueueOptions {
  redisUrl: string;
  prefix: string;
}

export class FunnelQueue {
  /** The producer's command connection: fails fast while Redis is away. */
  readonly redis: Redis;
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  readonly payloads: PayloadStore;

  constructor(options: FunnelQueueOptions) {
    this.redis = createRedis(options.redisUrl, 'command', 'producer');
    this.payloads = new PayloadStore(this.redis, options.prefix);
    this.queue = new Queue(FUNNEL_QUEUE, {
      connection: this.redis,
      prefix: options.prefix,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
    this.events = new QueueEvents(FUNNEL_QUEUE, {
      connection: { url: options.redisUrl, ...redisOptions('blocking') },
      prefix: options.prefix,
    });
    // Every waiting request listens once; thousands may wait at the same time.
    this.events.setMaxListeners(0);
    this.queue.setMaxListeners(0);
    // Connection errors surface through the health check and failed adds, not as crashes.
    this.redis.on('error', () => undefined);
    this.queue.on('error', () => undefined);
    this.events.on('error', () => undefined);
  }

  async waitUntilReady(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  /**
   * Adds a job after checking its data against the job's schema; `priority` orders it among
   * other tenants' requests (core/redis/tenant-ranks.ts).
   */
  async add<N extends JobName>(name: N, data: JobData<N>, jobId?: string, priority?: number) {
    const parsed: unknown = JOBS[name].data.parse(data);
    // Rank 1 goes on the plain wait list, taken first and in order as priority 1 would be, by
    // BullMQ's cheaper path.
    return this.queue.add(name, parsed, {
      ...(jobId ? { jobId } : {}),
      ...(priority && priority > 1 ? { priority } : {}),
    });
  }

  /**
   * Adds a job and waits up to `timeoutMs` for its result. A job still running then is left to
   * finish on its own (`state: 'running'`); a job that failed for good throws JobFailedError.
   */
  async run<N extends JobName>(
    name: N,
    data: JobData<N>,
    options: { timeoutMs: number; jobId?: string; priority?: number },
  ): Promise<JobOutcome<N>> {
    const job = await this.add(name, data, options.jobId, options.priority);
    const jobId = job.id ?? '';
    try {
      const result: unknown = await job.waitUntilFinished(this.events, options.timeoutMs);
      return { state: 'completed', jobId, result: JOBS[name].result.parse(result) as JobResult<N> };
    } catch (error) {
      if (isWaitTimeout(error)) return { state: 'running', jobId };
      throw new JobFailedError(jobId, (error as Error).message);
    }
  }

  /**
   * Waits for a job added earlier (by any process): its result, `running` after `timeoutMs`, or
   * `gone` when the job no longer exists or failed for good.
   */
  async waitFor<N extends JobName>(
    name: N,
    jobId: string,
    timeoutMs: number,
  ): Promise<JobOutcome<N> | { state: 'gone'; jobId: string }> {
    const job = await this.appearingJob(jobId);
    if (!job || (await job.isFailed())) return { state: 'gone', jobId };
    try {
      const result: unknown = await job.waitUntilFinished(this.events, timeoutMs);
      return { state: 'completed', jobId, result: JOBS[name].result.parse(result) as JobResult<N> };
    } catch (error) {
      if (isWaitTimeout(error)) return { state: 'running', jobId };
      return { state: 'gone', jobId };
    }
  }

  /** Jobs by state, for metrics and dashboards. */
  async jobCounts(): Promise<Record<string, number>> {
    // `waiting-children`: large requests whose chunk jobs are being written.
    // `prioritized`: funnel requests waiting in their fair order.
    return this.queue.getJobCounts(
      'waiting',
      'prioritized',
      'active',
      'delayed',
      'waiting-children',
      'failed',
      'completed',
    );
  }

  /** The BullMQ queue itself, for the queue dashboard. */
  get bullQueue(): Queue {
    return this.queue;
  }

  /**
   * The job, waiting briefly for it to appear: the process that claimed an Idempotency-Key adds
   * its job a moment after the claim, and a repeat may look in between.
   */
  private async appearingJob(jobId: string, withinMs = 3_000): Promise<Job | undefined> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const job = await Job.fromId(this.queue, jobId);
      if (job || Date.now() >= deadline) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Workers seen by Redis right now; shown by /readyz for operators. */
  async workerCount(): Promise<number> {
    return this.queue.getWorkersCount();
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.events.close(), this.queue.close()]);
    this.redis.disconnect();
  }
}

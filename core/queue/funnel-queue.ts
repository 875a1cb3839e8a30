/**
 * The producer side of the funnel queue, used by API processes: add a job to its tenant's queue
 * shard and wait for its result. One instance (and so one QueueEvents subscription per shard) per
 * process.
 */
import { isWaitTimeout } from './bullmq-errors';
import { Job, QueueEvents, type Queue } from 'bullmq';
import { DEFAULT_JOB_OPTIONS } from './job-options';
import { JOBS, type JobData, type JobName, type JobResult } from './jobs';
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

export interface FunnelQueueOptions {
  topology: RedisTopology;
  keys: KeySpace;
}

export class FunnelQueue {
  /** The producer's command connection: fails fast while Redis is away. */
  readonly redis: RedisClient;
  readonly keys: KeySpace;
  readonly queues: ShardedQueues;
  /** Per shard, its queue's events, each on a blocking connection of its own. */
  private readonly events: QueueEvents[];
  private readonly eventConnections: RedisClient[];
  readonly payloads: PayloadStore;

  constructor(options: FunnelQueueOptions) {
    this.keys = options.keys;
    this.redis = createRedis(options.topology, 'command', 'producer');
    this.payloads = new PayloadStore(this.redis, options.keys);
    this.queues = new ShardedQueues(FUNNEL_QUEUE, options.keys, this.redis, DEFAULT_JOB_OPTIONS);
    this.eventConnections = this.queues.all.map(({ shard }) =>
      createRedis(options.topology, 'blocking', `producer-events-${shard.index}`),
    );
    this.events = this.queues.all.map(
      ({ shard }, index) =>
        new QueueEvents(FUNNEL_QUEUE, {
          connection: this.eventConnections[index] as RedisClient,
          prefix: options.keys.ofShard(shard),
        }),
    );
    // Connection errors surface through the health check and failed adds, not as crashes.
    this.redis.on('error', () => undefined);
    this.queues.onError(() => undefined);
    for (const connection of this.eventConnections) connection.on('error', () => undefined);
    for (const { queue } of this.queues.all) queue.setMaxListeners(0);
    for (const events of this.events) {
      // Every waiting request listens once; thousands may wait at the same time.
      events.setMaxListeners(0);
      events.on('error', () => undefined);
    }
  }

  async waitUntilReady(): Promise<void> {
    await Promise.all([
      this.queues.waitUntilReady(),
      ...this.events.map((events) => events.waitUntilReady()),
    ]);
  }

  private eventsOf(tenant: string | undefined): QueueEvents {
    const shard = tenant === undefined ? this.keys.shards.first : this.keys.shards.of(tenant);
    return this.events[shard.index] as QueueEvents;
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
  async run<N extends JobName>(
    name: N,
    data: JobData<N>,
    options: { timeoutMs: number; jobId?: string; priority?: number },
  ): Promise<JobOutcome<N>> {
    const job = await this.add(name, data, options.jobId, options.priority);
    const jobId = job.id ?? '';
    try {
      const events = this.eventsOf(tenantOfJob(job.data));
      const result: unknown = await job.waitUntilFinished(events, options.timeoutMs);
      return { state: 'completed', jobId, result: JOBS[name].result.parse(result) as JobResult<N> };
    } catch (error) {
      if (isWaitTimeout(error)) return { state: 'running', jobId };
      throw new JobFailedError(jobId, (error as Error).message);
    }
  }

  /**
   * Waits for a job of `tenant` added earlier (by any process): its result, `running` after
   * `timeoutMs`, or `gone` when the job no longer exists or failed for good.
   */
  async waitFor<N extends JobName>(
    name: N,
    tenant: string,
    jobId: string,
    timeoutMs: number,
  ): Promise<JobOutcome<N> | { state: 'gone'; jobId: string }> {
    const job = await this.appearingJob(this.queues.of(tenant), jobId);
    if (!job || (await job.isFailed())) return { state: 'gone', jobId };
    try {
      const result: unknown = await job.waitUntilFinished(this.eventsOf(tenant), timeoutMs);
      return { state: 'completed', jobId, result: JOBS[name].result.parse(result) as JobResult<N> };
    } catch (error) {
      if (isWaitTimeout(error)) return { state: 'running', jobId };
      return { state: 'gone', jobId };
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
      await new Promise((resolve) => setTimeout(resolve, 50));
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
    await Promise.allSettled([...this.events.map((events) => events.close()), this.queues.close()]);
    for (const connection of this.eventConnections) connection.disconnect();
    this.redis.disconnect();
  }
}

/**
 * One BullMQ queue of a name per queue shard, each under its shard's hash tag (so that it sits in
 * one Redis Cluster slot). A job goes to the shard of its tenant; jobs of no tenant (the periodic
 * ones) go to the first shard.
 */
import { Queue, type DefaultJobOptions } from 'bullmq';
import type { KeySpace } from '../redis/key-space';
import type { QueueShard } from '../redis/queue-shards';
import type { RedisClient } from '../redis/redis-connection';
import { SharedQueueConnection } from './shared-queue-connection';

export interface ShardQueue {
  shard: QueueShard;
  queue: Queue;
}

export class ShardedQueues {
  readonly all: readonly ShardQueue[];

  constructor(
    name: string,
    private readonly keys: KeySpace,
    connection: RedisClient,
    defaultJobOptions?: DefaultJobOptions,
  ) {
    this.all = keys.shards.all.map((shard) => {
      const queue = new Queue(
        name,
        {
          connection,
          prefix: keys.ofShard(shard),
          ...(defaultJobOptions ? { defaultJobOptions } : {}),
        },
        SharedQueueConnection,
      );
      return { shard, queue };
    });
  }

  /** The queue of the tenant's shard, or the first shard's for a job of no tenant. */
  of(tenant: string | undefined): Queue {
    const shard = tenant === undefined ? this.keys.shards.first : this.keys.shards.of(tenant);
    return (this.all[shard.index] as ShardQueue).queue;
  }

  onError(listener: (error: Error) => void): void {
    for (const { queue } of this.all) queue.on('error', listener);
  }

  async waitUntilReady(): Promise<void> {
    await Promise.all(this.all.map(({ queue }) => queue.waitUntilReady()));
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.all.map(({ queue }) => queue.close()));
  }
}

/** The tenant a job's data names, if it names one. */
export function tenantOfJob(data: unknown): string | undefined {
  const tenant = (data as { tenant?: unknown } | null)?.tenant;
  return typeof tenant === 'string' ? tenant : undefined;
}

/**
 * A BullMQ Worker on every queue shard, sharing one budget of concurrent jobs: each shard may run
 * what it runs now plus whatever the budget has left, and always at least one job. So a process
 * runs at most `concurrency` jobs while one shard is busy, never starves another shard behind a
 * busy one, and with every shard busy runs at most `concurrency + shards - 1`.
 */
import { Worker, type Processor, type WorkerListener, type WorkerOptions } from 'bullmq';
import type { KeySpace } from '../core/redis/key-space';
import type { QueueShard } from '../core/redis/queue-shards';
import type { RedisClient } from '../core/redis/redis-connection';

export interface ShardWorkersOptions {
  queueName: string;
  keys: KeySpace;
  /** A blocking connection; each Worker duplicates it for its own blocking reads. */
  connection: RedisClient;
  concurrency: number;
  processorOf: (shard: QueueShard) => Processor;
  options: Omit<WorkerOptions, 'connection' | 'prefix' | 'concurrency' | 'autorun'>;
}

export class ShardWorkers {
  readonly workers: readonly Worker[];
  private readonly running: number[];

  constructor(private readonly setup: ShardWorkersOptions) {
    const shards = setup.keys.shards.all;
    this.running = shards.map(() => 0);
    this.workers = shards.map((shard) => {
      const process = setup.processorOf(shard);
      return new Worker(
        setup.queueName,
        async (job, token, signal) => {
          this.started(shard.index);
          try {
            const result: unknown = await process(job, token, signal);
            return result;
          } finally {
            this.ended(shard.index);
          }
        },
        {
          ...setup.options,
          connection: setup.connection,
          prefix: setup.keys.ofShard(shard),
          concurrency: setup.concurrency,
        },
      );
    });
  }

  on<E extends keyof WorkerListener>(event: E, listener: WorkerListener[E]): void {
    for (const worker of this.workers) worker.on(event, listener);
  }

  isRunning(): boolean {
    return this.workers.every((worker) => worker.isRunning());
  }

  async waitUntilReady(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  /** Stops taking jobs and waits for the running ones. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  cancelAllJobs(reason: string): void {
    for (const worker of this.workers) worker.cancelAllJobs(reason);
  }

  private started(shard: number): void {
    this.running[shard] = (this.running[shard] ?? 0) + 1;
    this.rebalance();
  }

  private ended(shard: number): void {
    this.running[shard] = (this.running[shard] ?? 1) - 1;
    this.rebalance();
  }

  private rebalance(): void {
    if (this.workers.length === 1) return;
    const busy = this.running.reduce((sum, count) => sum + count, 0);
    const left = Math.max(0, this.setup.concurrency - busy);
    this.workers.forEach((worker, shard) => {
      worker.concurrency = Math.max(1, (this.running[shard] ?? 0) + left);
    });
  }
}

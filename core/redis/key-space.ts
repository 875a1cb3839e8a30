/**
 * Where each key lives: under QUEUE_PREFIX, and for everything that belongs to a tenant, under
 * its queue shard's hash tag, beside the BullMQ queues that carry its jobs (docs/redis.md).
 */
import { QueueShards, type QueueShard } from './queue-shards';

export class KeySpace {
  readonly shards: QueueShards;

  constructor(
    readonly prefix: string,
    shardCount: number,
  ) {
    this.shards = new QueueShards(shardCount);
  }

  /** `P:{tag}`: what every key of the shard starts with, and its BullMQ queues' prefix. */
  ofShard(shard: QueueShard): string {
    return `${this.prefix}:{${shard.tag}}`;
  }

  /** What the keys of the tenant start with: its shard's. */
  ofTenant(tenant: string): string {
    return this.ofShard(this.shards.of(tenant));
  }

  /** A key of the whole deployment, in whatever slot its name hashes to. */
  global(name: string): string {
    return `${this.prefix}:${name}`;
  }
}

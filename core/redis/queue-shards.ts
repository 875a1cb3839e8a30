/**
 * The queue shards: QUEUE_SHARDS groups of Redis keys, each under a hash tag of its own, so that
 * each group sits in one Redis Cluster slot and its Lua scripts and BullMQ queues work there. A
 * tenant always belongs to the same shard (a hash of its name), so its queues, bodies, ranks,
 * leases and records are all in one slot, and its order and fairness rules hold within it.
 *
 * The tags are chosen so that their slots are spread evenly over the 16,384 slots: a cluster
 * whose masters hold equal ranges of slots (as `redis-cli --cluster create` makes them) then holds
 * equal numbers of shards on each master when QUEUE_SHARDS is a multiple of the masters.
 */
import { createHash } from 'node:crypto';
import calculateSlot from 'cluster-key-slot';

const SLOTS = 16_384;

export interface QueueShard {
  index: number;
  /** What sits between the braces of the shard's keys. */
  tag: string;
  /** The Redis Cluster slot of every key of the shard. */
  slot: number;
}

/** The first tag `s<index>`, `s<index>-1`, `s<index>-2`... whose slot is in the shard's range. */
function shardOfIndex(index: number, count: number): QueueShard {
  const low = Math.floor((index * SLOTS) / count);
  const high = Math.floor(((index + 1) * SLOTS) / count);
  for (let attempt = 0; ; attempt += 1) {
    const tag = attempt === 0 ? `s${index}` : `s${index}-${attempt}`;
    const slot = calculateSlot(tag);
    if (slot >= low && slot < high) return { index, tag, slot };
  }
}

export class QueueShards {
  readonly all: readonly QueueShard[];
  private readonly ofTenant = new Map<string, QueueShard>();

  constructor(readonly count: number) {
    this.all = Array.from({ length: count }, (_, index) => shardOfIndex(index, count));
  }

  /** The tenant's shard, the same in every process with the same count. */
  of(tenant: string): QueueShard {
    let shard = this.ofTenant.get(tenant);
    if (!shard) {
      const hash = createHash('sha256').update(tenant).digest().readUInt32BE(0);
      shard = this.all[hash % this.count] ?? this.first;
      if (this.ofTenant.size > 10_000) this.ofTenant.clear();
      this.ofTenant.set(tenant, shard);
    }
    return shard;
  }

  /** The shard that holds what belongs to no tenant: the schedules of periodic jobs. */
  get first(): QueueShard {
    return this.all[0] as QueueShard;
  }
}

/**
 * Fair order between tenants on the one funnel queue. A request's job is queued with a BullMQ
 * priority equal to its rank: how many requests of its tenant are queued or running, itself
 * included; or, when higher, the priority of its tenant's last outstanding request, so that a
 * tenant's own requests keep their order. BullMQ takes jobs by priority, then in the order they
 * were added, so a tenant's first outstanding request goes ahead of every other tenant's second,
 * third... : a request waits for at most one queued request of each other tenant per rank below
 * its own, however long their backlogs (docs/fairness.md). The counts live in Redis, shared by
 * every API and worker process.
 */
import type { RedisClient } from './redis-connection';
import type { KeySpace } from './key-space';

/** BullMQ's largest priority. */
const LOWEST_PRIORITY = 2_097_151;

/**
 * A request that has not left after this long no longer counts: a job that ended without saying
 * so (its process died at the wrong moment) does not lower its tenant's place for good.
 */
const FORGOTTEN_AFTER_MS = 60 * 60 * 1_000;

/**
 * KEYS[1] the tenant's outstanding requests by time added, KEYS[2] the same by priority; ARGV:
 * job id, now. Returns the job's priority: its rank, but never less than the priority of the
 * tenant's requests still outstanding, so that a tenant's own requests keep their order.
 */
const ENTER = `
local forgotten = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[2]) - ${FORGOTTEN_AFTER_MS})
for _, id in ipairs(forgotten) do
  redis.call('ZREM', KEYS[1], id)
  redis.call('ZREM', KEYS[2], id)
end
local known = redis.call('ZSCORE', KEYS[2], ARGV[1])
if known then return tonumber(known) end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
local priority = redis.call('ZCARD', KEYS[1])
local last = redis.call('ZREVRANGE', KEYS[2], 0, 0, 'WITHSCORES')
if last[2] and tonumber(last[2]) > priority then priority = tonumber(last[2]) end
redis.call('ZADD', KEYS[2], priority, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ${FORGOTTEN_AFTER_MS})
redis.call('PEXPIRE', KEYS[2], ${FORGOTTEN_AFTER_MS})
return priority`;

/** KEYS as ENTER's; ARGV[1] the job id. One command where a transaction of two would be four. */
const LEAVE = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])`;

export class TenantRanks {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
  ) {}

  private keysOf(tenant: string): [string, string] {
    const base = `${this.keys.ofTenant(tenant)}:fairness:outstanding:${tenant}`;
    return [base, `${base}:priority`];
  }

  /** Counts the request of job `jobId` as its tenant's; returns its priority. */
  async enter(tenant: string, jobId: string): Promise<number> {
    const rank = Number(await this.redis.eval(ENTER, 2, ...this.keysOf(tenant), jobId, Date.now()));
    return Math.min(Math.max(rank, 1), LOWEST_PRIORITY);
  }

  /** The request of job `jobId` has its answer: it no longer holds its tenant back. */
  async leave(tenant: string, jobId: string): Promise<void> {
    await this.redis.eval(LEAVE, 2, ...this.keysOf(tenant), jobId);
  }
}

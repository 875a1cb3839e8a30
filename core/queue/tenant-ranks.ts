/**
 * Fair order between tenants on the one funnel queue. A request's job is queued with a BullMQ
 * priority equal to its rank: how many requests of its tenant are queued or running, itself
 * included. BullMQ takes jobs by priority, then in the order they were added, so a tenant's
 * first outstanding request goes ahead of every other tenant's second, third... : a request waits
 * for at most one queued request of each other tenant, however long their backlogs
 * (docs/fairness.md). The counts live in Redis, shared by every API and worker process.
 */
import type { Redis } from 'ioredis';

/** BullMQ's largest priority. */
export const LOWEST_PRIORITY = 2_097_151;

/**
 * A request that has not left after this long no longer counts: a job that ended without saying
 * so (its process died at the wrong moment) does not lower its tenant's place for good.
 */
const FORGOTTEN_AFTER_MS = 60 * 60 * 1_000;

/** KEYS[1] the tenant's set; ARGV: job id, now. Returns the job's rank. */
const ENTER = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[2]) - ${FORGOTTEN_AFTER_MS})
redis.call('ZADD', KEYS[1], 'NX', ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ${FORGOTTEN_AFTER_MS})
return redis.call('ZRANK', KEYS[1], ARGV[1]) + 1`;

export class TenantRanks {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private keyOf(tenant: string): string {
    return `${this.prefix}:fairness:outstanding:${tenant}`;
  }

  /** Counts the request of job `jobId` as its tenant's; returns its priority. */
  async enter(tenant: string, jobId: string): Promise<number> {
    const rank = Number(await this.redis.eval(ENTER, 1, this.keyOf(tenant), jobId, Date.now()));
    return Math.min(Math.max(rank, 1), LOWEST_PRIORITY);
  }

  /** The request of job `jobId` has its answer: it no longer holds its tenant back. */
  async leave(tenant: string, jobId: string): Promise<void> {
    await this.redis.zrem(this.keyOf(tenant), jobId);
  }
}

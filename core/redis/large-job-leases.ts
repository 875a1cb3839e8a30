/**
 * At most `perTenant` large requests of one tenant run at once, across every worker process: a
 * tenant's backlog of large batches then holds only that many worker slots, and the others stay
 * free for the other tenants (docs/fairness.md). A lease is the job's id in its tenant's set in
 * Redis; a job over the limit is parked (set aside, not failed) and woken when a lease is given
 * back. A lease whose job has ended, or is gone, without giving it back (its worker died) is
 * dropped at the next look.
 */
import type { Redis } from 'ioredis';

/**
 * KEYS[1] the tenant's leases, KEYS[2] its parked jobs; ARGV: job id, limit, now, the job keys'
 * prefix. Returns 1 when the job holds a lease, 0 when it was parked.
 */
const ACQUIRE = `
local leases = redis.call('SMEMBERS', KEYS[1])
for _, id in ipairs(leases) do
  local job = ARGV[4] .. id
  if id ~= ARGV[1] and (redis.call('EXISTS', job) == 0 or redis.call('HEXISTS', job, 'finishedOn') == 1) then
    redis.call('SREM', KEYS[1], id)
  end
end
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 or redis.call('SCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('SADD', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
  return 1
end
redis.call('ZADD', KEYS[2], 'NX', ARGV[3], ARGV[1])
return 0`;

/** KEYS as ACQUIRE's; ARGV: job id. Returns the parked job to wake, if any. */
const RELEASE = `
redis.call('SREM', KEYS[1], ARGV[1])
local next = redis.call('ZPOPMIN', KEYS[2])
return next[1] or false`;

export class LargeJobLeases {
  /**
   * @param jobKeyPrefix what a job's id is appended to for the key of its BullMQ hash
   * @param perTenant large requests of one tenant that may run at once
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly jobKeyPrefix: string,
    private readonly perTenant: number,
  ) {}

  private keysOf(tenant: string): [string, string] {
    const base = `${this.prefix}:fairness:large:${tenant}`;
    return [`${base}:running`, `${base}:parked`];
  }

  /** Takes a lease for job `jobId`, or parks it when its tenant has every lease taken. */
  async acquire(tenant: string, jobId: string): Promise<boolean> {
    const granted = await this.redis.eval(
      ACQUIRE,
      2,
      ...this.keysOf(tenant),
      jobId,
      this.perTenant,
      Date.now(),
      this.jobKeyPrefix,
    );
    return Number(granted) === 1;
  }

  /** Gives the lease of job `jobId` back; returns the parked job of its tenant to wake, if any. */
  async release(tenant: string, jobId: string): Promise<string | null> {
    const next = await this.redis.eval(RELEASE, 2, ...this.keysOf(tenant), jobId);
    return typeof next === 'string' ? next : null;
  }
}

/**
 * At most `perTenant` large requests of one tenant run at once, across every worker process: a
 * tenant's backlog of large batches then holds only that many worker slots, and the others stay
 * free for the other tenants (docs/fairness.md). A lease is the job's id in its tenant's set in
 * Redis; a job over the limit is parked (set aside, not failed) and woken when a lease is given
 * back. A lease whose job has ended, or is gone, without giving it back (its worker died) is
 * dropped when another job of the tenant is refused for want of it: `jobEnded` tells, through the
 * queue's own API.
 */
import type { KeySpace } from './key-space';
import type { RedisClient } from './redis-connection';

/**
 * KEYS[1] the tenant's leases, KEYS[2] its parked jobs; ARGV: job id, limit, now, then the ids of
 * holders whose jobs have ended. Returns 1 when the job holds a lease, 0 when it was parked.
 */
const ACQUIRE = `
for i = 4, #ARGV do redis.call('SREM', KEYS[1], ARGV[i]) end
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

/** Whether the job of `jobId`, of `tenant`, has ended or is gone. */
export type JobEnded = (tenant: string, jobId: string) => Promise<boolean>;

export class LargeJobLeases {
  /** @param perTenant large requests of one tenant that may run at once */
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly perTenant: number,
    private readonly jobEnded: JobEnded,
  ) {}

  private keysOf(tenant: string): [string, string] {
    const base = `${this.keys.ofTenant(tenant)}:fairness:large:${tenant}`;
    return [`${base}:running`, `${base}:parked`];
  }

  /** Takes a lease for job `jobId`, or parks it when its tenant has every lease taken. */
  async acquire(tenant: string, jobId: string): Promise<boolean> {
    const [running, parked] = this.keysOf(tenant);
    const holders = (await this.redis.smembers(running)).filter((id) => id !== jobId);
    // Only a job that would be refused looks at the holders' jobs.
    const ended = holders.length < this.perTenant ? [] : await this.endedAmong(tenant, holders);
    const granted = await this.redis.eval(
      ACQUIRE,
      2,
      running,
      parked,
      jobId,
      this.perTenant,
      Date.now(),
      ...ended,
    );
    return Number(granted) === 1;
  }

  /** Gives the lease of job `jobId` back; returns the parked job of its tenant to wake, if any. */
  async release(tenant: string, jobId: string): Promise<string | null> {
    const next = await this.redis.eval(RELEASE, 2, ...this.keysOf(tenant), jobId);
    return typeof next === 'string' ? next : null;
  }

  private async endedAmong(tenant: string, jobIds: string[]): Promise<string[]> {
    const ended = await Promise.all(jobIds.map((id) => this.jobEnded(tenant, id)));
    return jobIds.filter((_, index) => ended[index]);
  }
}

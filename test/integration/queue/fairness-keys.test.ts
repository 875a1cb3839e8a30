/**
 * The Redis side of fairness between tenants (docs/fairness.md): ranks of outstanding requests
 * per tenant, and the leases that cap a tenant's running large requests.
 */
import { LargeJobLeases } from '../../../core/redis/large-job-leases';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { TenantRanks } from '../../../core/redis/tenant-ranks';
import { testKeys, testRedis, uniquePrefix } from '../../support/test-env';

describe('fairness keys in Redis', () => {
  const keys = testKeys(uniquePrefix('fairness-keys'));
  /** The jobs that have ended or are gone, as the queue would tell the leases. */
  const ended = new Set<string>();
  const jobEnded = (_tenant: string, jobId: string) => Promise.resolve(ended.has(jobId));
  let redis: RedisClient;

  beforeAll(() => {
    redis = testRedis();
  });
  afterAll(() => redis.quit());

  it("when a tenant has requests outstanding, then its next one ranks behind them, never ahead of its own earlier ones, and another tenant's first ranks first", async () => {
    const ranks = new TenantRanks(redis, keys);
    expect(await ranks.enter('busy', 'b1')).toBe(1);
    expect(await ranks.enter('busy', 'b2')).toBe(2);
    expect(await ranks.enter('busy', 'b3')).toBe(3);
    expect(await ranks.enter('quiet', 'q1')).toBe(1);
    // Entering again (a retried add) keeps the place it had.
    expect(await ranks.enter('busy', 'b2')).toBe(2);
    await ranks.leave('busy', 'b1');
    await ranks.leave('busy', 'b2');
    // Two outstanding, but b3 (priority 3) was first: b4 stays behind it.
    expect(await ranks.enter('busy', 'b4')).toBe(3);
    await ranks.leave('busy', 'b3');
    await ranks.leave('busy', 'b4');
    // Nothing outstanding: the tenant starts again at the front.
    expect(await ranks.enter('busy', 'b5')).toBe(1);
  });

  it("when a tenant has requests outstanding, then their ranks live under its shard's hash tag", async () => {
    const ranks = new TenantRanks(redis, keys);
    await ranks.enter('tagged', 't1');
    const outstanding = `${keys.ofTenant('tagged')}:fairness:outstanding:tagged`;
    expect(keys.ofTenant('tagged')).toMatch(new RegExp(`^${keys.prefix}:\\{[^}]+\\}$`));
    expect(await redis.exists(outstanding)).toBe(1);
  });

  it('when a tenant holds every lease, then its next large request is parked and woken by the next release, in order', async () => {
    const leases = new LargeJobLeases(redis, keys, 1, jobEnded);
    expect(await leases.acquire('busy', 'l1')).toBe(true);
    expect(await leases.acquire('busy', 'l2')).toBe(false);
    expect(await leases.acquire('busy', 'l3')).toBe(false);
    // Another tenant has leases of its own.
    expect(await leases.acquire('other', 'o1')).toBe(true);
    // The holder asking again (a re-run after a crash) keeps its lease.
    expect(await leases.acquire('busy', 'l1')).toBe(true);
    // The leases and the parked jobs live under the tenant's shard's hash tag.
    const base = `${keys.ofTenant('busy')}:fairness:large:busy`;
    expect(await redis.smembers(`${base}:running`)).toEqual(['l1']);
    expect(await redis.zrange(`${base}:parked`, 0, -1)).toEqual(['l2', 'l3']);
    expect(await leases.release('busy', 'l1')).toBe('l2');
    expect(await leases.acquire('busy', 'l2')).toBe(true);
    expect(await leases.release('busy', 'l2')).toBe('l3');
  });

  it('when a lease holder ended or vanished without giving its lease back, then the lease is taken by the next', async () => {
    const leases = new LargeJobLeases(redis, keys, 1, jobEnded);
    expect(await leases.acquire('dead', 'd1')).toBe(true);
    expect(await leases.acquire('dead', 'd2')).toBe(false);
    ended.add('d1');
    expect(await leases.acquire('dead', 'd2')).toBe(true);
    expect(await leases.acquire('dead', 'd3')).toBe(false);
    // Gone from the queue altogether (removed, or expired): ended as well.
    ended.add('d2');
    expect(await leases.acquire('dead', 'd3')).toBe(true);
  });
});

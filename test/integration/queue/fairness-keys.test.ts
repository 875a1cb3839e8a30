/**
 * The Redis side of fairness between tenants (docs/fairness.md): ranks of outstanding requests
 * per tenant, and the leases that cap a tenant's running large requests.
 */
import { Redis } from 'ioredis';
import { LargeJobLeases } from '../../../core/redis/large-job-leases';
import { TenantRanks } from '../../../core/redis/tenant-ranks';
import { redisUrl, uniquePrefix } from '../../support/test-env';

describe('fairness keys in Redis', () => {
  const prefix = uniquePrefix('fairness-keys');
  const jobKeys = `${prefix}:jobs:`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(redisUrl());
  });
  afterAll(() => redis.quit());

  it("when a tenant has requests outstanding, then its next one ranks behind them, never ahead of its own earlier ones, and another tenant's first ranks first", async () => {
    const ranks = new TenantRanks(redis, prefix);
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

  it('when a tenant holds every lease, then its next large request is parked and woken by the next release, in order', async () => {
    const leases = new LargeJobLeases(redis, prefix, jobKeys, 1);
    await redis.hset(`${jobKeys}l1`, 'name', 'ingest');
    expect(await leases.acquire('busy', 'l1')).toBe(true);
    expect(await leases.acquire('busy', 'l2')).toBe(false);
    expect(await leases.acquire('busy', 'l3')).toBe(false);
    // Another tenant has leases of its own.
    await redis.hset(`${jobKeys}o1`, 'name', 'ingest');
    expect(await leases.acquire('other', 'o1')).toBe(true);
    // The holder asking again (a re-run after a crash) keeps its lease.
    expect(await leases.acquire('busy', 'l1')).toBe(true);
    expect(await leases.release('busy', 'l1')).toBe('l2');
    await redis.hset(`${jobKeys}l2`, 'name', 'ingest');
    expect(await leases.acquire('busy', 'l2')).toBe(true);
    expect(await leases.release('busy', 'l2')).toBe('l3');
  });

  it('when a lease holder ended or vanished without giving its lease back, then the lease is taken by the next', async () => {
    const leases = new LargeJobLeases(redis, prefix, jobKeys, 1);
    await redis.hset(`${jobKeys}d1`, 'name', 'ingest');
    expect(await leases.acquire('dead', 'd1')).toBe(true);
    expect(await leases.acquire('dead', 'd2')).toBe(false);
    await redis.hset(`${jobKeys}d1`, 'finishedOn', String(Date.now()));
    expect(await leases.acquire('dead', 'd2')).toBe(true);
    await redis.hset(`${jobKeys}d2`, 'name', 'ingest');
    expect(await leases.acquire('dead', 'd3')).toBe(false);
    await redis.del(`${jobKeys}d2`);
    expect(await leases.acquire('dead', 'd3')).toBe(true);
  });
});

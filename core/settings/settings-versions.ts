/**
 * Which version of a tenant's funnels and content types is current, kept in Redis beside the
 * queue. Every change through the settings API stamps a new version; workers, which cache
 * settings (core/settings/settings-cache.ts), read the stamp with each request's body, so that a
 * change holds from the next request on, on every worker, without a database read per job.
 */
import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../redis/redis-connection';
import type { KeySpace } from '../redis/key-space';

export class SettingsVersions {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
  ) {}

  private keyFor(tenant: string): string {
    return `${this.keys.ofTenant(tenant)}:settings-version:${tenant}`;
  }

  /**
   * After a change: a stamp unlike any before it. Not a counter, which could repeat an old value
   * after Redis lost the key, and a worker holding that value would keep stale settings.
   */
  async stamp(tenant: string): Promise<void> {
    await this.redis.set(this.keyFor(tenant), randomUUID());
  }

  /** The current stamp; null before the tenant's first change. */
  current(tenant: string): Promise<string | null> {
    return this.redis.get(this.keyFor(tenant));
  }
}

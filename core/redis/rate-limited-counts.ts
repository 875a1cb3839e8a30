/**
 * Funnel requests the rate limit refused, counted per funnel and hour in Redis and kept a day,
 * instead of a history record each: a flood of them cannot fill the history, and the funnel's
 * page still says how many there were (docs/api-behaviour.md#the-history-record).
 */
import type { RedisClient } from './redis-connection';
import type { KeySpace } from './key-space';

const HOUR_MS = 3_600_000;
const HOURS_KEPT = 24;

export class RateLimitedCounts {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
  ) {}

  /** Counts one refused request of the funnel (its stable id). */
  async count(tenant: string, funnelId: string, at = new Date()): Promise<void> {
    const key = this.keyOf(tenant, funnelId, hourOf(at));
    await this.redis
      .multi()
      .incr(key)
      .pexpire(key, (HOURS_KEPT + 1) * HOUR_MS)
      .exec();
  }

  /** How many were refused in the 24 hours up to `now`. */
  async lastDay(tenant: string, funnelId: string, now = new Date()): Promise<number> {
    const current = hourOf(now);
    const keys = Array.from({ length: HOURS_KEPT }, (_, i) =>
      this.keyOf(tenant, funnelId, current - i),
    );
    const counts = await this.redis.mget(...keys);
    return counts.reduce((sum, value) => sum + Number(value ?? 0), 0);
  }

  private keyOf(tenant: string, funnelId: string, hour: number): string {
    return `${this.keys.ofTenant(tenant)}:rate-limited:${tenant}:${funnelId}:${hour}`;
  }
}

const hourOf = (at: Date): number => Math.floor(at.getTime() / HOUR_MS);

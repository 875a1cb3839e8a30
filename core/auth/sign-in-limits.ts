/**
 * Sign-in attempts counted in fixed windows in Redis (docs/access.md#signing-in): per account,
 * under its tenant's shard tag, and per client address, as a key of the whole deployment. Each
 * count is one key in one transaction, so it runs the same on one Redis and on a Cluster.
 */
import type { KeySpace } from '../redis/key-space';
import type { RedisClient } from '../redis/redis-connection';

export interface SignInLimitSettings {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

export class SignInLimits {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly settings: SignInLimitSettings,
  ) {}

  /**
   * Counts an attempt; answers how many milliseconds to wait when either count is over its limit,
   * else null. Counted before the password is checked, so that parallel guesses count too.
   */
  async attempt(tenant: string, email: string, address: string): Promise<number | null> {
    const { perAccount, perAddress } = this.settings;
    const [account, fromAddress] = await Promise.all([
      this.count(this.accountKey(tenant, email)),
      this.count(this.addressKey(address)),
    ]);
    const waits = [
      account.count > perAccount ? account.waitMs : 0,
      fromAddress.count > perAddress ? fromAddress.waitMs : 0,
    ];
    const wait = Math.max(...waits);
    return wait > 0 ? wait : null;
  }

  /** A successful sign-in clears the account's count (not the address's). */
  async succeeded(tenant: string, email: string): Promise<void> {
    await this.redis.del(this.accountKey(tenant, email));
  }

  private async count(key: string): Promise<{ count: number; waitMs: number }> {
    const replies = await this.redis
      .multi()
      .set(key, 0, 'PX', this.settings.windowMs, 'NX')
      .incr(key)
      .pttl(key)
      .exec();
    const count = Number(replies?.[1]?.[1] ?? 0);
    const ttl = Number(replies?.[2]?.[1] ?? this.settings.windowMs);
    return { count, waitMs: ttl > 0 ? ttl : this.settings.windowMs };
  }

  private accountKey(tenant: string, email: string): string {
    return `${this.keys.ofTenant(tenant)}:sign-in:${tenant}:${email.toLowerCase()}`;
  }

  private addressKey(address: string): string {
    return this.keys.global(`sign-in-address:${address}`);
  }
}

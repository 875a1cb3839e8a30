/**
 * Sign-in attempts counted in fixed windows in Redis (docs/access.md#signing-in): per client
 * address (an IPv6 address by its /64), as a key of the whole deployment, and per account, under
 * its tenant's shard tag. What an unauthenticated caller makes Redis keep is bounded: each key has
 * a bounded name (the e-mail is hashed), an account is counted only once its address is within
 * its limit, and the keys started in a window are counted against `maxTracked`, past which no new
 * one is started. Each key is changed by one script of its own, so it runs the same on one Redis
 * and on a Cluster.
 */
import { createHash } from 'node:crypto';
import type { KeySpace } from '../redis/key-space';
import type { RedisClient } from '../redis/redis-connection';
import { addressBlockOf } from './client-address';

export interface SignInLimitSettings {
  perAccount: number;
  perAddress: number;
  windowMs: number;
  /** Keys a window may start, addresses and accounts together. */
  maxTracked: number;
}

/** Over a limit: wait; or too many keys started already: the sign-in service is busy. */
export type SignInLimitRefusal =
  | { refused: 'too_many_attempts'; retryAfterMs: number }
  | { refused: 'busy'; retryAfterMs: number };

/**
 * Counts one more attempt on KEYS[1] and answers { count, ms left }. A key that does not exist is
 * started (its window opening) only when ARGV[2] is 1; else the answer is false.
 */
const COUNT_ATTEMPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  if ARGV[2] ~= '1' then return false end
  redis.call('SET', KEYS[1], 0, 'PX', ARGV[1])
end
local count = redis.call('INCR', KEYS[1])
return { count, redis.call('PTTL', KEYS[1]) }`;

interface Count {
  count: number;
  msLeft: number;
}

export class SignInLimits {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly settings: SignInLimitSettings,
  ) {}

  /**
   * Counts an attempt, the address first: an address over its limit starts no account's count.
   * Counted before the password is checked, so that parallel guesses count too. Null when the
   * attempt may go on.
   */
  async attempt(
    tenant: string,
    email: string,
    address: string,
  ): Promise<SignInLimitRefusal | null> {
    const { perAccount, perAddress } = this.settings;
    const fromAddress = await this.count(this.addressKey(address));
    if ('refused' in fromAddress) return fromAddress;
    if (fromAddress.count > perAddress) return tooMany(fromAddress);
    const account = await this.count(this.accountKey(tenant, email));
    if ('refused' in account) return account;
    if (account.count > perAccount) return tooMany(account);
    return null;
  }

  /** A successful sign-in clears the account's count (not the address's). */
  async succeeded(tenant: string, email: string): Promise<void> {
    await this.redis.del(this.accountKey(tenant, email));
  }

  /** Counts on the key, starting it when the window may still start keys. */
  private async count(key: string): Promise<Count | SignInLimitRefusal> {
    const counted = await this.countOn(key, false);
    if (counted) return counted;
    const tracked = await this.countOn(this.keys.global('sign-in-tracked'), true);
    if (tracked && tracked.count > this.settings.maxTracked) {
      return { refused: 'busy', retryAfterMs: tracked.msLeft };
    }
    // Allowed to start the key, the script always answers.
    return (await this.countOn(key, true)) ?? { count: 1, msLeft: this.settings.windowMs };
  }

  private async countOn(key: string, start: boolean): Promise<Count | null> {
    const reply = (await this.redis.eval(
      COUNT_ATTEMPT,
      1,
      key,
      this.settings.windowMs,
      start ? '1' : '0',
    )) as [number, number] | null;
    if (!reply) return null;
    const [count, msLeft] = reply;
    return { count: Number(count), msLeft: msLeft > 0 ? Number(msLeft) : this.settings.windowMs };
  }

  /** The tenant (a slug) as it is, the e-mail hashed: a name of bounded length. */
  private accountKey(tenant: string, email: string): string {
    const hashed = createHash('sha256').update(email.toLowerCase()).digest('base64url');
    return `${this.keys.ofTenant(tenant)}:sign-in:${tenant}:${hashed}`;
  }

  private addressKey(address: string): string {
    return this.keys.global(`sign-in-address:${addressBlockOf(address)}`);
  }
}

function tooMany(count: Count): SignInLimitRefusal {
  return { refused: 'too_many_attempts', retryAfterMs: count.msLeft };
}

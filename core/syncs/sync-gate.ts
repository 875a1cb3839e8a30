/**
 * Which requests a sync takes, kept in Redis where one script decides atomically: a request is
 * admitted only while the sync is open, and a commit closes the sync only when none of its
 * requests is queued or running. So a commit never races a request of its sync, and a request
 * never slips in after its commit started. The state key expires with the sync.
 */
import type { RedisClient } from '../redis/redis-connection';
import type { KeySpace } from '../redis/key-space';

/** What the gate says of a sync it does not hold open: `missing` is unknown or expired. */
export type GateRefusal = 'committing' | 'committed' | 'missing';

/** How long a pending mark may outlive its request: a request's body stays in Redis a day. */
const PENDING_TTL_MS = 2 * 24 * 60 * 60 * 1000;
/** A committed sync answers "committed" this long; then the database says so. */
const COMMITTED_TTL_MS = 24 * 60 * 60 * 1000;

const ADMIT = `
local state = redis.call('HGET', KEYS[1], 'state')
if state ~= 'open' then return state or 'missing' end
redis.call('HSET', KEYS[2], ARGV[1], '1')
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 'open'`;

const CLOSE = `
local state = redis.call('HGET', KEYS[1], 'state')
if state ~= 'open' then return state or 'missing' end
if redis.call('HLEN', KEYS[2]) > 0 then return 'busy' end
redis.call('HSET', KEYS[1], 'state', 'committing')
redis.call('PERSIST', KEYS[1])
return 'closed'`;

export class SyncGate {
  constructor(
    private readonly redis: RedisClient,
    private readonly keySpace: KeySpace,
  ) {}

  private keys(tenant: string, syncId: string): [string, string] {
    const state = `${this.keySpace.ofTenant(tenant)}:sync:${tenant}:${syncId}`;
    return [state, `${state}:pending`];
  }

  /** Opens the sync (again, after a refused commit) until `expiresAt`. */
  async open(tenant: string, syncId: string, expiresAt: Date): Promise<void> {
    const [state] = this.keys(tenant, syncId);
    await this.redis
      .multi()
      .hset(state, 'state', 'open')
      .pexpireat(state, expiresAt.getTime())
      .exec();
  }

  /** Marks a request as the sync's, pending until `release`; or says why the sync takes none. */
  async admit(tenant: string, syncId: string, recordId: string): Promise<'open' | GateRefusal> {
    const [state, pending] = this.keys(tenant, syncId);
    const reply = await this.redis.eval(ADMIT, 2, state, pending, recordId, PENDING_TTL_MS);
    return reply as 'open' | GateRefusal;
  }

  /** The request is done (or was never queued). */
  async release(tenant: string, syncId: string, recordId: string): Promise<void> {
    const [, pending] = this.keys(tenant, syncId);
    await this.redis.hdel(pending, recordId);
  }

  /** The records of the sync's requests still queued or running. */
  async pending(tenant: string, syncId: string): Promise<string[]> {
    const [, pending] = this.keys(tenant, syncId);
    return this.redis.hkeys(pending);
  }

  /** Closes the sync for its commit, unless it is not open or a request of it is pending. */
  async close(tenant: string, syncId: string): Promise<'closed' | 'busy' | GateRefusal> {
    const [state, pending] = this.keys(tenant, syncId);
    return (await this.redis.eval(CLOSE, 2, state, pending)) as 'closed' | 'busy' | GateRefusal;
  }

  async committed(tenant: string, syncId: string): Promise<void> {
    const [state] = this.keys(tenant, syncId);
    await this.redis
      .multi()
      .hset(state, 'state', 'committed')
      .pexpire(state, COMMITTED_TTL_MS)
      .exec();
  }
}

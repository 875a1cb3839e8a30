/**
 * The changes of one tenant's users take turns, so that the check "another active admin
 * remains" and the write it allows are not interleaved with another change's
 * (docs/access.md#under-concurrency). A Redis mutex on a short lease, per tenant.
 */
import type { RedisClient } from '../redis/redis-connection';
import type { KeySpace } from '../redis/key-space';
import { withLeasedMutex } from '../redis/leased-mutex';
import type { Logger } from '../platform/logger';

export interface UserChangesLock {
  /** Runs `change` while no other process changes the users of `tenant`. */
  around<T>(tenant: string, change: () => Promise<T>): Promise<T>;
}

/** The lock could not be taken (Redis away, or another holder for too long): nothing was done. */
export class UserChangesLockUnavailable extends Error {
  constructor(cause: unknown) {
    super('the lock on the tenant users could not be taken', { cause });
    this.name = 'UserChangesLockUnavailable';
  }
}

/** A holder's change is a few reads and writes; one that stalls loses its lease within 2 s. */
const ACQUIRE_TIMEOUT_MS = 10_000;

export function redisUserChangesLock(
  redis: RedisClient,
  keys: KeySpace,
  logger: Logger,
): UserChangesLock {
  return {
    async around(tenant, change) {
      const key = `${keys.ofTenant(tenant)}:user-changes:${tenant}`;
      const options = {
        acquireTimeoutMs: ACQUIRE_TIMEOUT_MS,
        retryIntervalMs: 10,
        name: 'user changes lock',
        awaitRelease: true,
        logged: { tenant },
      };
      let started = false;
      try {
        return await withLeasedMutex(redis, key, logger, options, () => {
          started = true;
          return change();
        });
      } catch (error) {
        if (started) throw error;
        throw new UserChangesLockUnavailable(error);
      }
    },
  };
}

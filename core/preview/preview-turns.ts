/**
 * A tenant runs one preview at a time, across every API process: its second waits for nothing
 * and is refused, so that one tenant's previews never hold more than one of a process's preview
 * threads, and the others stay free for the other tenants (docs/api-behaviour.md#preview). The
 * turn is a Redis mutex on a renewed lease under the tenant's shard: an API process that dies
 * while previewing frees it within one lease.
 */
import type { Logger } from '../platform/logger';
import type { KeySpace } from '../redis/key-space';
import { withLeasedMutexIfFree, type IfFree } from '../redis/leased-mutex';
import type { RedisClient } from '../redis/redis-connection';

export interface PreviewTurns {
  /** Runs `preview` as the tenant's one running preview; `{ ran: false }` when one runs already. */
  ifFree<T>(tenant: string, preview: () => Promise<T>): Promise<IfFree<T>>;
}

/** Redis did not answer when the turn was asked for: nothing was run. */
export class PreviewTurnsUnavailable extends Error {
  constructor(cause: unknown) {
    super("a tenant's preview turn could not be taken", { cause });
    this.name = 'PreviewTurnsUnavailable';
  }
}

/** The mutex of the tenant's preview turn (redis-semaphore keeps it under `mutex:` before it). */
export const previewTurnKey = (keys: KeySpace, tenant: string): string =>
  `${keys.ofTenant(tenant)}:fairness:preview:${tenant}`;

export function redisPreviewTurns(
  redis: RedisClient,
  keys: KeySpace,
  logger: Logger,
): PreviewTurns {
  return {
    async ifFree(tenant, preview) {
      // Given back before the answer goes out, so that the tenant's next preview finds it free.
      const options = { name: 'preview turn', awaitRelease: true, logged: { tenant } };
      let started = false;
      try {
        return await withLeasedMutexIfFree(
          redis,
          previewTurnKey(keys, tenant),
          logger,
          options,
          () => {
            started = true;
            return preview();
          },
        );
      } catch (error) {
        if (started) throw error;
        throw new PreviewTurnsUnavailable(error);
      }
    },
  };
}

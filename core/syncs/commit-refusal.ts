/**
 * Whether a sync may be committed now, for real or as a dry run: only while it is open and none
 * of its requests is still queued or running, since a commit must never race one of them.
 */
import { pendingRequests } from './pending-requests';
import { syncState, type SyncDocument } from './sync';
import type { SyncApiServices } from './sync-api-services';
import { refused, type Refused } from './sync-refusal';

/** Refused (409 or 410) when the sync cannot be committed now; null when it can. */
export async function commitRefusal(
  services: Pick<SyncApiServices, 'syncs' | 'history'>,
  sync: SyncDocument,
  now: Date,
): Promise<Refused | null> {
  const state = syncState(sync, now);
  if (state === 'expired') return refused(410, 'The sync expired uncommitted');
  if (state !== 'open') return refused(409, `The sync is ${state}`);
  const pending = await pendingRequests(services.syncs, services.history, sync);
  return pending.length > 0 ? stillRunning(pending) : null;
}

function stillRunning(pending: string[]): Refused {
  return refused(
    409,
    `${pending.length} ${pending.length === 1 ? 'request' : 'requests'} of the sync ` +
      'still queued or running; commit once they are done',
    { pending: pending.slice(0, 100) },
  );
}

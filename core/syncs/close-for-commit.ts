/**
 * A sync closed to new requests for its commit, in one atomic step of its gate (sync-gate.ts),
 * and opened again as it was when the commit's job could not be queued.
 */
import { commitRefusal } from './commit-refusal';
import type { SyncDocument } from './sync';
import type { SyncApiServices } from './sync-api-services';
import { refused, type Refused } from './sync-refusal';

/** Refused when the sync is not open, or a request of it is still pending; null once closed. */
export async function closeForCommit(
  services: Pick<SyncApiServices, 'syncs' | 'history'>,
  sync: SyncDocument,
  now: Date,
): Promise<Refused | null> {
  const { gate } = services.syncs;
  let closed = await gate.close(sync.tenant, sync.syncId);
  // Pending marks of requests whose records are final go; then it is tried once more.
  if (closed === 'busy' && (await commitRefusal(services, sync, now)) === null) {
    closed = await gate.close(sync.tenant, sync.syncId);
  }
  if (closed === 'closed') return null;
  return (await commitRefusal(services, sync, now)) ?? refused(409, `The sync is ${closed}`);
}

/**
 * The sync takes requests and commits again, with its last commit as it was. At its best: the
 * engine that failed the queueing may fail this too, and the caller is answered either way.
 */
export async function reopenAsItWas(
  services: Pick<SyncApiServices, 'syncs'>,
  sync: SyncDocument,
): Promise<void> {
  const { records, gate } = services.syncs;
  await records.setCommit(sync.tenant, sync.syncId, 'open', sync.commit).catch(() => undefined);
  await gate.open(sync.tenant, sync.syncId, sync.expiresAt).catch(() => undefined);
}

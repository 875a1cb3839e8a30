/**
 * The requests a sync still waits for. A request's worker marks it done after storing its
 * history record; a record that is final while the request is still marked pending (its worker
 * stopped between the two) no longer holds a commit back.
 */
import type { HistoryRepository } from '../history/history.repository';
import type { SyncServices } from './sync-services';

const UNFINISHED = new Set(['queued', 'processing']);

export async function pendingRequests(
  services: SyncServices,
  history: Pick<HistoryRepository, 'find'>,
  sync: { tenant: string; syncId: string; funnelId: string },
): Promise<string[]> {
  const pending = await services.gate.pending(sync.tenant, sync.syncId);
  const still: string[] = [];
  for (const recordId of pending) {
    const record = await history.find(sync.tenant, recordId, sync.funnelId);
    if (record && !UNFINISHED.has(record.status)) {
      await services.gate.release(sync.tenant, sync.syncId, recordId);
    } else {
      still.push(recordId);
    }
  }
  return still;
}

/**
 * Whether a funnel request tagged `?sync=` is taken, decided before it is queued: only while its
 * sync, of the same funnel, is open. Refusals say why: no such sync (404), committed or being
 * committed (409), expired (410). An admitted request is pending until its worker is done.
 */
import { syncState } from './sync';
import type { SyncServices } from './sync-services';

export type Admission = { admitted: true } | { admitted: false; status: number; message: string };

export interface TaggedRequest {
  tenant: string;
  funnelId: string;
  syncId: string;
  recordId: string;
}

const refused = (status: number, message: string): Admission => ({
  admitted: false,
  status,
  message,
});

export async function admitToSync(
  services: SyncServices,
  request: TaggedRequest,
  now: Date,
): Promise<Admission> {
  const sync = await services.records.find(request.tenant, request.syncId);
  if (!sync || sync.funnelId !== request.funnelId) {
    return refused(404, `No sync "${request.syncId}" on this funnel`);
  }
  const verdict = await services.gate.admit(request.tenant, request.syncId, request.recordId);
  if (verdict === 'open') return { admitted: true };
  if (verdict === 'committing' || verdict === 'committed' || sync.state !== 'open') {
    const state = verdict === 'committing' ? 'being committed' : 'committed';
    return refused(409, `The sync "${request.syncId}" is ${state}; start a new sync`);
  }
  if (syncState(sync, now) === 'expired' || verdict === 'missing') {
    return refused(410, `The sync "${request.syncId}" expired uncommitted; start a new sync`);
  }
  return refused(409, `The sync "${request.syncId}" takes no requests now`);
}

/**
 * What a funnel request tagged `?sync=` asks of its full sync before it is queued: to join it,
 * which holds the sync's commit back until the request is done, or to be told why the sync takes
 * no requests; and to leave it when the request gets no job of its own after all.
 */
import { admitToSync, type Admission } from '../syncs/sync-admission';
import type { SyncServices } from '../syncs/sync-services';
import type { Submission } from './submission';

type Member = Pick<Submission, 'tenant' | 'funnelId' | 'recordId' | 'sync'>;

export interface SyncMembership {
  /** Admitted at once when the request is tagged for no sync. */
  join(request: Member): Promise<Admission>;
  leave(request: Member): Promise<void>;
}

export function syncMembership(syncs: SyncServices, clock = () => new Date()): SyncMembership {
  return {
    async join({ tenant, funnelId, recordId, sync }) {
      if (sync === undefined) return { admitted: true };
      return admitToSync(syncs, { tenant, funnelId, syncId: sync, recordId }, clock());
    },
    async leave({ tenant, recordId, sync }) {
      if (sync !== undefined) await syncs.gate.release(tenant, sync, recordId);
    },
  };
}

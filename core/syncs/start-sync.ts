/**
 * Starting a full sync on a funnel: it is open for a day from now, and its place in the receipt
 * order is taken now, so that whatever is written after it is never deleted by its commit.
 */
import { randomBytes } from 'node:crypto';
import type { Receipt } from '../redis/receipt-sequence';
import { SYNC_LIFETIME_MS, type SyncDocument } from './sync';
import type { SyncServices } from './sync-services';
import { SyncsRepository } from './syncs.repository';

export interface SyncStart {
  tenant: string;
  funnelId: string;
  contentType: string;
  receipt: Receipt;
}

export async function startSync(services: SyncServices, start: SyncStart): Promise<SyncDocument> {
  const syncId = randomBytes(16).toString('hex');
  const startedAt = start.receipt.receivedAt;
  const sync: SyncDocument = {
    _id: SyncsRepository.idOf(start.tenant, syncId),
    syncId,
    tenant: start.tenant,
    funnelId: start.funnelId,
    contentType: start.contentType,
    state: 'open',
    startSequence: start.receipt.sequence,
    startedAt,
    expiresAt: new Date(startedAt.getTime() + SYNC_LIFETIME_MS),
    requests: 0,
    named: 0,
    commit: null,
  };
  await services.records.create(sync);
  await services.gate.open(start.tenant, syncId, sync.expiresAt);
  return sync;
}

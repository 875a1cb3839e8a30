/**
 * Starting a full sync on a funnel: it is open for a day from now, and its place in the receipt
 * order is taken now, so that whatever is written after it is never deleted by its commit.
 */
import { randomBytes } from 'node:crypto';
import type { Funnel } from '../domain/funnel';
import type { Receipt } from '../redis/receipt-sequence';
import { findFunnel } from './find-sync';
import { SYNC_LIFETIME_MS, type SyncDocument } from './sync';
import type { SyncApiServices } from './sync-api-services';
import { takeReceipt } from './sync-receipt';
import type { QueueAway, Refused } from './sync-refusal';
import type { SyncServices } from './sync-services';
import { SyncsRepository } from './syncs.repository';

export interface SyncStartRequest {
  tenant: string;
  endpointUrl: string;
  receivedAt: Date;
}

export type SyncStarted = { state: 'started'; funnel: Funnel; sync: SyncDocument };

export async function startSync(
  services: Pick<SyncApiServices, 'syncs' | 'funnels' | 'receipts'>,
  request: SyncStartRequest,
): Promise<SyncStarted | Refused | QueueAway> {
  const found = await findFunnel(services.funnels, request.tenant, request.endpointUrl);
  if (found.state !== 'found') return found;
  const { funnel } = found;
  const taken = await takeReceipt(services.receipts, request.receivedAt);
  if (taken.state !== 'taken') return taken;
  const sync = await createSync(services.syncs, {
    tenant: request.tenant,
    funnelId: funnel.id,
    contentType: funnel.contentType,
    receipt: taken.receipt,
  });
  return { state: 'started', funnel, sync };
}

export interface SyncStart {
  tenant: string;
  funnelId: string;
  contentType: string;
  receipt: Receipt;
}

/** A new sync of the funnel, open from its receipt on. */
export async function createSync(syncs: SyncServices, start: SyncStart): Promise<SyncDocument> {
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
  await syncs.records.create(sync);
  await syncs.gate.open(start.tenant, syncId, sync.expiresAt);
  return sync;
}

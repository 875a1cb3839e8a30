/**
 * A commit as the API asks for it: the job the worker carries it out from, and what the sync
 * records of it until the worker says how it ended.
 */
import type { Funnel } from '../domain/funnel';
import type { JobData } from '../queue/jobs';
import type { Receipt } from '../redis/receipt-sequence';
import type { CommitLimit } from './commit-limit';
import type { SyncCommit, SyncDocument } from './sync';

/** Who asks, and when: the commit's own request, with a history record of its own. */
export interface CommitCaller {
  requestId: string;
  recordId: string;
  tokenId: string | null;
}

export function commitJob(
  funnel: Funnel,
  sync: SyncDocument,
  caller: CommitCaller & { limit: CommitLimit },
  receipt: Receipt,
): JobData<'sync-commit'> {
  return {
    requestId: caller.requestId,
    recordId: caller.recordId,
    tenant: sync.tenant,
    endpointUrl: funnel.endpointUrl,
    funnelId: funnel.id,
    syncId: sync.syncId,
    receivedAt: receipt.receivedAt.toISOString(),
    sequence: receipt.sequence,
    tokenId: caller.tokenId,
    limit: caller.limit,
  };
}

/** The commit as the sync shows it while it is being carried out: nothing counted yet. */
export function commitStarted(caller: CommitCaller, receipt: Receipt): SyncCommit {
  return {
    requestId: caller.requestId,
    recordId: caller.recordId,
    receivedAt: receipt.receivedAt,
    toDelete: null,
    deleted: 0,
    finishedAt: null,
    httpStatus: null,
    message: null,
  };
}

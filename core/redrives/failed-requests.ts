/**
 * The requests a re-drive sends again: a funnel's failed POSTs (`error`, and `partial`, whose
 * failed items are only sent again with their whole body) as senders sent them, in receipt order.
 * Dry runs, a sync's commits, and replays (a re-drive's own requests among them) are left out:
 * what a replay sent is its original's body, walked as that original.
 */
import type { mongo } from 'mongoose';
import type { HistoryCollections } from '../history/history-collections';
import type { HistoryDocument } from '../history/history-record';

/** Which requests: received in [since, until), or those of one full sync. */
export interface FailedRequestsScope {
  tenant: string;
  funnelId: string;
  since: Date | null;
  until: Date;
  syncId: string | null;
}

const REDRIVEN_STATUSES = ['error', 'partial'] as const;

function failedRequestsFilter(
  scope: FailedRequestsScope,
  afterSequence = 0,
): mongo.Filter<HistoryDocument> {
  const { tenant, funnelId, since, until, syncId } = scope;
  return {
    tenant,
    funnelId,
    status: { $in: [...REDRIVEN_STATUSES] },
    sequence: { $gt: afterSequence },
    method: 'POST',
    dryRun: false,
    replayOf: { $exists: false },
    syncCommit: { $ne: true },
    receivedAt: since ? { $gte: since, $lt: until } : { $lt: until },
    ...(syncId === null ? {} : { sync: syncId }),
  };
}

export class FailedRequests {
  constructor(private readonly db: Pick<HistoryCollections, 'history'>) {}

  /** How many there are, counting no further than `atMost` (to tell a re-drive over its bound). */
  count(scope: FailedRequestsScope, atMost: number): Promise<number> {
    return this.db.history.countDocuments(failedRequestsFilter(scope), { limit: atMost });
  }

  /** The first after the receipt sequence `after`; null when none is left. */
  next(scope: FailedRequestsScope, after: number): Promise<HistoryDocument | null> {
    return this.db.history.findOne(failedRequestsFilter(scope, after), { sort: { sequence: 1 } });
  }
}

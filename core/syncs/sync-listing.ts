/**
 * A funnel's full syncs, newest first, by state, with how many it has in each. "Expired" is an
 * open sync past its expiry (sync.ts), so it is asked for by `expiresAt` against the time now.
 */
import type { mongo } from 'mongoose';
import { newestFirstPage } from '../mongo/newest-first-page';
import type { Page } from '../mongo/page-cursor';
import type { SyncCollections } from './sync-collections';
import type { SyncDocument, SyncView } from './sync';

export const SYNC_STATES = ['open', 'expired', 'committing', 'committed'] as const;
type ListedState = SyncView['state'];

export interface SyncListOptions {
  state?: ListedState;
  limit: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

function stateFilter(state: ListedState, now: Date): mongo.Filter<SyncDocument> {
  if (state === 'open') return { state: 'open', expiresAt: { $gt: now } };
  if (state === 'expired') return { state: 'open', expiresAt: { $lte: now } };
  return { state };
}

export class SyncListing {
  constructor(private readonly db: Pick<SyncCollections, 'syncs'>) {}

  /** Throws InvalidCursorError for a cursor this list did not answer. */
  list(
    tenant: string,
    funnelId: string,
    options: SyncListOptions,
    now = new Date(),
  ): Promise<Page<SyncDocument>> {
    const filter: mongo.Filter<SyncDocument> = {
      tenant,
      funnelId,
      ...(options.state && stateFilter(options.state, now)),
    };
    return newestFirstPage(this.db.syncs, { tenant, filter, dateField: 'startedAt' }, options);
  }

  /** How many syncs the funnel has in each state. */
  async counts(
    tenant: string,
    funnelId: string,
    now = new Date(),
  ): Promise<Record<ListedState, number>> {
    const counted = await Promise.all(
      SYNC_STATES.map((state) =>
        this.db.syncs.countDocuments({ tenant, funnelId, ...stateFilter(state, now) }),
      ),
    );
    return Object.fromEntries(SYNC_STATES.map((state, i) => [state, counted[i] ?? 0])) as Record<
      ListedState,
      number
    >;
  }
}

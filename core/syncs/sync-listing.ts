/**
 * A funnel's full syncs, newest first, by state, with how many it has in each. "Expired" is an
 * open sync past its expiry (sync.ts), so it is asked for by `expiresAt` against the time now.
 */
import type { mongo } from 'mongoose';
import { z } from 'zod';
import { documentId } from '../domain/names';
import { decodeCursor, encodeCursor, InvalidCursorError, type Page } from '../mongo/page-cursor';
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

/** A page ends at a sync; the next starts after its sort key (startedAt desc, _id desc). */
const positionSchema = z.object({
  at: z.number().int().min(-8.64e15).max(8.64e15),
  id: z.string(),
});

function stateFilter(state: ListedState, now: Date): mongo.Filter<SyncDocument> {
  if (state === 'open') return { state: 'open', expiresAt: { $gt: now } };
  if (state === 'expired') return { state: 'open', expiresAt: { $lte: now } };
  return { state };
}

export class SyncListing {
  constructor(private readonly db: Pick<SyncCollections, 'syncs'>) {}

  /** Throws InvalidCursorError for a cursor this list did not answer. */
  async list(
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
    if (options.cursor !== undefined) {
      const { at, id } = decodeCursor(options.cursor, positionSchema);
      if (!id.startsWith(documentId(tenant, ''))) throw new InvalidCursorError();
      const startedAt = new Date(at);
      filter.$or = [{ startedAt: { $lt: startedAt } }, { startedAt, _id: { $lt: id } }];
    }
    // One more than asked tells whether a next page exists without a trailing empty page.
    const documents = await this.db.syncs
      .find(filter)
      .sort({ startedAt: -1, _id: -1 })
      .limit(options.limit + 1)
      .toArray();
    const items = documents.slice(0, options.limit);
    const last = items.at(-1);
    const more = documents.length > options.limit && last !== undefined;
    return {
      items,
      nextCursor: more ? encodeCursor({ at: last.startedAt.getTime(), id: last._id }) : null,
    };
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

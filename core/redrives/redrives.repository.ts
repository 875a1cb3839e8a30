/**
 * Re-drives, stored under `_id` tenant:redriveId. Each step of the job is one conditional update,
 * so a job run again after a crash never counts a request twice: a request is counted only while
 * it is the one in flight, and skipped only while nothing is.
 */
import { documentId } from '../domain/names';
import { isDuplicateKey } from '../mongo/duplicate-key';
import { newestFirstPage } from '../mongo/newest-first-page';
import type { Page } from '../mongo/page-cursor';
import type { RedriveCollections } from './redrive-collections';
import type { EndedState, RedriveDocument, RedriveInFlight, SkipReason } from './redrive';

/** How a sent request ended, by its history record's status. */
export type SentOutcome = 'succeeded' | 'partial' | 'failed';

export const ACTIVE_SLOT = 'active';

export class RedrivesRepository {
  constructor(private readonly db: RedriveCollections) {}

  /** Stores a new active re-drive; false when the funnel has one active already. */
  async create(redrive: RedriveDocument): Promise<boolean> {
    try {
      await this.db.redrives.insertOne(redrive);
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  find(tenant: string, redriveId: string): Promise<RedriveDocument | null> {
    return this.db.redrives.findOne({ _id: documentId(tenant, redriveId) });
  }

  /** The funnel's active re-drive, if any. */
  active(tenant: string, funnelId: string): Promise<RedriveDocument | null> {
    return this.db.redrives.findOne({ tenant, funnelId, slot: ACTIVE_SLOT });
  }

  /** Newest first. Throws InvalidCursorError for a cursor this list did not answer. */
  list(
    tenant: string,
    funnelId: string,
    options: { limit: number; cursor?: string },
  ): Promise<Page<RedriveDocument>> {
    const scope = { tenant, filter: { tenant, funnelId }, dateField: 'createdAt' as const };
    return newestFirstPage(this.db.redrives, scope, options);
  }

  async markRunning(redrive: RedriveDocument, now: Date): Promise<void> {
    await this.db.redrives.updateOne(
      { _id: redrive._id, state: 'queued' },
      { $set: { state: 'running', startedAt: now } },
    );
  }

  /** Names the request about to be sent, unless one is named already. */
  async setInFlight(redrive: RedriveDocument, current: RedriveInFlight): Promise<boolean> {
    const updated = await this.db.redrives.updateOne(
      { _id: redrive._id, current: null, lastSequence: { $lt: current.originalSequence } },
      { $set: { current } },
    );
    return updated.modifiedCount === 1;
  }

  /** Counts the request in flight as sent, once, and moves past its original. */
  async sent(redrive: RedriveDocument, current: RedriveInFlight, outcome: SentOutcome) {
    await this.db.redrives.updateOne(
      { _id: redrive._id, 'current.recordId': current.recordId },
      {
        $set: { current: null, lastSequence: current.originalSequence },
        $inc: { sent: 1, [outcome]: 1 },
      },
    );
  }

  /** Counts the request in flight as skipped, once (its body cannot be had), and moves past it. */
  async skipped(redrive: RedriveDocument, current: RedriveInFlight, reason: SkipReason) {
    await this.db.redrives.updateOne(
      { _id: redrive._id, 'current.recordId': current.recordId },
      {
        $set: { current: null, lastSequence: current.originalSequence },
        $inc: { skipped: 1, [`skippedBy.${reason}`]: 1 },
      },
    );
  }

  /** Ends it: its slot is its own id then, so the funnel may start another. */
  async end(
    redrive: RedriveDocument,
    state: EndedState,
    now: Date,
    message: string | null = null,
  ): Promise<void> {
    await this.db.redrives.updateOne(
      { _id: redrive._id, slot: ACTIVE_SLOT },
      {
        $set: { state, slot: redrive.redriveId, finishedAt: now, message, current: null },
      },
    );
  }

  /** Asks the job to stop after the request in flight; false when it had ended. */
  async requestCancel(redrive: RedriveDocument): Promise<boolean> {
    const updated = await this.db.redrives.updateOne(
      { _id: redrive._id, slot: ACTIVE_SLOT },
      { $set: { cancelRequested: true } },
    );
    return updated.matchedCount === 1;
  }
}

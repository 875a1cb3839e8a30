/**
 * The request history, stored under `_id` tenant:recordId (unique per request) so that one record is an `_id` point
 * lookup on MongoDB and, on FerretDB v1, a filter it hands to SQLite rather than decoding every
 * record in Go (docs/storage.md#ferretdb-v1).
 */
import type { mongo } from 'mongoose';
import { z } from 'zod';
import { idCollisionIndexes, isIdCollision } from '../mongo/duplicate-key';
import { documentId } from '../domain/names';
import type { HistoryCollections } from './history-collections';
import type { HistoryDocument, HistoryStatus } from './history-record';
import { decodeCursor, encodeCursor, InvalidCursorError, type Page } from '../mongo/page-cursor';

export interface HistoryListOptions {
  /** Only the requests sent with this X-Request-Id. */
  requestId?: string;
  status?: HistoryStatus;
  /** Only the requests of this full sync, and its commits. */
  sync?: string;
  /** Only the requests that named this item identifier (record-identifiers.ts). */
  identifier?: string;
  /** Received at or after. */
  from?: Date;
  /** Received before. */
  to?: Date;
  limit: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

/** A list entry: the record without `payload`, which may weigh 256 KiB. */
export type HistoryEntry = Omit<HistoryDocument, 'payload'>;

/** A page ends at a record; the next starts after its sort key (receivedAt desc, _id desc). */
const positionSchema = z.object({
  at: z.number().int().min(-8.64e15).max(8.64e15), // the range of a valid Date
  id: z.string(),
});

export class HistoryRepository {
  constructor(private readonly db: HistoryCollections) {}

  /**
   * Writes the record of a request, replacing its own earlier one (a job retried after a crash
   * writes it again); record ids are unique per request, so no other request's record is touched.
   * Most records are new, so it inserts first and replaces only a record whose id is taken.
   */
  async save(record: HistoryDocument): Promise<void> {
    try {
      await this.db.history.insertOne(record);
    } catch (error) {
      if (!isIdCollision(error)) throw error;
      await this.db.history.replaceOne({ _id: record._id }, record, { upsert: true });
    }
  }

  /**
   * Writes the records of a group of requests: one insert for all, then, as `save` does, a
   * replace for each that a retried job had written already.
   */
  async saveMany(records: readonly HistoryDocument[]): Promise<void> {
    if (records.length === 0) return;
    let collided: number[];
    try {
      await this.db.history.insertMany(records, { ordered: false });
      return;
    } catch (error) {
      const indexes = idCollisionIndexes(error);
      if (!indexes) throw error;
      collided = indexes;
    }
    for (const index of collided) {
      const record = records[index];
      if (record) await this.db.history.replaceOne({ _id: record._id }, record, { upsert: true });
    }
  }

  /** An asynchronous request's record moves from queued to processing when a worker takes it. */
  async markProcessing(tenant: string, recordId: string): Promise<void> {
    await this.db.history.updateOne(
      { _id: documentId(tenant, recordId) },
      { $set: { status: 'processing' } },
    );
  }

  /** One record by its record id; with `funnelId`, null unless it was a request to that funnel. */
  async find(tenant: string, recordId: string, funnelId?: string): Promise<HistoryDocument | null> {
    const record = await this.db.history.findOne({ _id: documentId(tenant, recordId) });
    if (!record || (funnelId !== undefined && record.funnelId !== funnelId)) return null;
    return record;
  }

  /** A funnel's record by record id, else its newest request sent with that X-Request-Id. */
  async findByEitherId(tenant: string, funnelId: string, id: string) {
    return (
      (await this.find(tenant, id, funnelId)) ??
      this.db.history.findOne(
        { tenant, funnelId, requestId: id },
        { sort: { receivedAt: -1, _id: -1 } },
      )
    );
  }

  /**
   * The request of a funnel that last wrote an item: the one naming it at the item's receipt
   * sequence. Null once the history has let it go (HISTORY_TTL_DAYS).
   */
  async lastWriter(
    tenant: string,
    item: { funnelId: string; identifier: string; sequence: number },
  ): Promise<HistoryEntry | null> {
    return this.db.history.findOne(
      {
        tenant,
        funnelId: item.funnelId,
        identifiers: item.identifier,
        sequence: item.sequence,
        syncCommit: { $ne: true },
      },
      { projection: { payload: 0 } },
    );
  }

  /** The newest records of any of the funnels that named an identifier, newest first. */
  async naming(
    tenant: string,
    funnelIds: readonly string[],
    identifier: string,
    limit: number,
  ): Promise<HistoryEntry[]> {
    if (funnelIds.length === 0) return [];
    return this.db.history
      .find(
        { tenant, funnelId: { $in: [...funnelIds] }, identifiers: identifier },
        { projection: { payload: 0 } },
      )
      .sort({ receivedAt: -1, _id: -1 })
      .limit(limit)
      .toArray();
  }

  /** A funnel's newest records with their payloads, newest first, as `list` orders them. */
  async recent(tenant: string, funnelId: string, limit: number): Promise<HistoryDocument[]> {
    return this.db.history
      .find({ tenant, funnelId })
      .sort({ receivedAt: -1, _id: -1 })
      .limit(limit)
      .toArray();
  }

  /**
   * Newest first, by (receivedAt, _id) descending: `_id` breaks ties between requests received
   * in the same millisecond, so keyset paging neither skips nor repeats a record while others
   * are written. Filters compose with the cursor. Throws InvalidCursorError for a foreign cursor.
   */
  async list(
    tenant: string,
    funnelId: string,
    options: HistoryListOptions,
  ): Promise<Page<HistoryEntry>> {
    const filter: mongo.Filter<HistoryDocument> = { tenant, funnelId };
    if (options.status) filter.status = options.status;
    if (options.requestId !== undefined) filter.requestId = options.requestId;
    if (options.sync !== undefined) filter.sync = options.sync;
    // Equality on the array field: matches a record naming it among others, by the multikey index.
    if (options.identifier !== undefined) filter.identifiers = options.identifier;
    if (options.from || options.to) {
      filter.receivedAt = {
        ...(options.from && { $gte: options.from }),
        ...(options.to && { $lt: options.to }),
      };
    }
    if (options.cursor !== undefined) {
      const { at, id } = decodeCursor(options.cursor, positionSchema);
      if (!id.startsWith(documentId(tenant, ''))) throw new InvalidCursorError();
      const receivedAt = new Date(at);
      filter.$or = [{ receivedAt: { $lt: receivedAt } }, { receivedAt, _id: { $lt: id } }];
    }
    // One more than asked tells whether a next page exists without a trailing empty page.
    const documents = await this.db.history
      .find(filter, { projection: { payload: 0 } })
      .sort({ receivedAt: -1, _id: -1 })
      .limit(options.limit + 1)
      .toArray();
    const items: HistoryEntry[] = documents.slice(0, options.limit);
    const last = items.at(-1);
    const more = documents.length > options.limit && last !== undefined;
    return {
      items,
      nextCursor: more ? encodeCursor({ at: last.receivedAt.getTime(), id: last._id }) : null,
    };
  }
}

/**
 * The request history, stored under `_id` tenant:recordId (unique per request) so that one record
 * is an `_id` point lookup. A record's lists past its byte budget are in its
 * parts (docs/storage.md#large-history-records): searches by identifier look there too.
 */
import type { mongo } from 'mongoose';
import { z } from 'zod';
import { documentId } from '../domain/names';
import type { HistoryCollections } from './history-collections';
import { joinParts } from './history-part';
import { counts, HistoryPartsRepository } from './history-parts.repository';
import { HistoryPayloadsRepository } from './history-payloads.repository';
import { recordedBody, type RecordedBody } from './recorded-body';
import { splitRecord } from './record-budget';
import type { HistoryDocument, HistoryStatus } from './history-record';
import { decodeCursor, encodeCursor, InvalidCursorError, type Page } from '../mongo/page-cursor';

export interface HistoryListOptions {
  /** Only the requests sent with this X-Request-Id. */
  requestId?: string;
  status?: HistoryStatus;
  /** Only the requests of this full sync, and its commits. */
  sync?: string;
  /** Only the requests this re-drive sent. */
  redriveId?: string;
  /** Only the dry runs (true), or only the real requests (false). */
  dryRun?: boolean;
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

/** A list entry: the record without `payload`, its preview, which no list shows. */
export type HistoryEntry = Omit<HistoryDocument, 'payload'>;

/** A page ends at a record; the next starts after its sort key (receivedAt desc, _id desc). */
const positionSchema = z.object({
  at: z.number().int().min(-8.64e15).max(8.64e15), // the range of a valid Date
  id: z.string(),
});

export class HistoryRepository {
  private readonly parts: HistoryPartsRepository;
  /** The records' whole bodies. */
  readonly payloads: HistoryPayloadsRepository;

  constructor(private readonly db: HistoryCollections) {
    this.parts = new HistoryPartsRepository(db);
    this.payloads = new HistoryPayloadsRepository(db);
  }

  /**
   * Writes the record of a request, replacing its own earlier one (the queued record of an
   * asynchronous request; a job retried after a crash writes it again); record ids are unique per
   * request, so no other request's record is touched. Lists past the record's budget go to its
   * parts (record-budget.ts), written first: a record that is found has its parts. One upsert,
   * never an insert that may collide: in a transaction, a collision would end it.
   */
  async save(whole: HistoryDocument): Promise<void> {
    await this.saveMany([whole]);
  }

  /** Writes the records of a group of requests, as `save` does each: one command for all. */
  async saveMany(wholes: readonly HistoryDocument[]): Promise<void> {
    if (wholes.length === 0) return;
    const split = wholes.map(splitRecord);
    await this.parts.write(split.flatMap(({ parts }) => parts));
    const records = split.map(({ record }) => record);
    const written = await this.db.history.bulkWrite(
      records.map((record) => ({
        replaceOne: { filter: { _id: record._id }, replacement: record, upsert: true },
      })),
      { ordered: false },
    );
    const inserted = new Set(Object.keys(written.upsertedIds).map(Number));
    for (const [index, record] of records.entries()) {
      // A record written again: any parts its earlier writing had past its own go.
      if (!inserted.has(index)) await this.parts.dropStale(record);
    }
  }

  /** An asynchronous request's record moves from queued to processing when a worker takes it. */
  async markProcessing(tenant: string, recordId: string): Promise<void> {
    await this.db.history.updateOne(
      { _id: documentId(tenant, recordId) },
      { $set: { status: 'processing' } },
    );
  }

  /**
   * One record by its record id; with `funnelId`, null unless it was a request to that funnel.
   * Its lists are those the record document holds: `withParts` adds the rest.
   */
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

  /** The record with every list whole: its parts' lists joined to its own. */
  async withParts(record: HistoryDocument): Promise<HistoryDocument> {
    if (record.parts === 0) return record;
    return { ...joinParts(record, await this.parts.of(record)), parts: 0 };
  }

  /**
   * The request of a funnel that last wrote an item: the one naming it at the item's receipt
   * sequence, in its record or in a part. Null once the history has let it go (HISTORY_TTL_DAYS).
   */
  async lastWriter(
    tenant: string,
    item: { funnelId: string; identifier: string; sequence: number },
  ): Promise<HistoryEntry | null> {
    const filter = {
      tenant,
      funnelId: item.funnelId,
      identifiers: item.identifier,
      sequence: item.sequence,
      syncCommit: { $ne: true },
    };
    const record = await this.db.history.findOne(filter, { projection: { payload: 0 } });
    if (record) return record;
    const part = await this.parts.hit(filter);
    if (!part) return null;
    // A part counts while its record still has it.
    return this.db.history.findOne(
      { _id: part.record, parts: { $gt: part.part } },
      { projection: { payload: 0 } },
    );
  }

  /**
   * The newest records of any of the funnels that named an identifier, newest first. A record
   * with parts has, beside its own lists, those of its parts that name the identifier: enough to
   * tell what it did to the item (item-outcome.ts).
   */
  async naming(
    tenant: string,
    funnelIds: readonly string[],
    identifier: string,
    limit: number,
  ): Promise<HistoryEntry[]> {
    if (funnelIds.length === 0) return [];
    const filter = { tenant, funnelId: { $in: [...funnelIds] }, identifiers: identifier };
    const [records, named] = await Promise.all([
      this.db.history
        .find(filter, { projection: { payload: 0 } })
        .sort({ receivedAt: -1, _id: -1 })
        .limit(limit)
        .toArray(),
      this.namedInParts(filter, limit),
    ]);
    return this.withPartsNaming(newestOf(records, named, limit), identifier);
  }

  /** The body of a record as it was received (recorded-body.ts), or why it is not there. */
  body(record: HistoryDocument): Promise<RecordedBody> {
    return recordedBody(this.payloads, record);
  }

  /** A funnel's newest records with their previews, newest first, as `list` orders them. */
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
    if (options.redriveId !== undefined) filter.redriveId = options.redriveId;
    if (options.dryRun !== undefined) filter.dryRun = options.dryRun;
    // Equality on the array field: matches a record naming it among others, by the multikey index.
    if (options.identifier !== undefined) filter.identifiers = options.identifier;
    if (options.from || options.to) {
      filter.receivedAt = {
        ...(options.from && { $gte: options.from }),
        ...(options.to && { $lt: options.to }),
      };
    }
    const after = options.cursor === undefined ? undefined : this.position(tenant, options.cursor);
    // One more than asked tells whether a next page exists without a trailing empty page.
    const records = await this.db.history
      .find(after ? { ...filter, $or: afterPosition(after, '_id') } : filter, {
        projection: { payload: 0 },
      })
      .sort({ receivedAt: -1, _id: -1 })
      .limit(options.limit + 1)
      .toArray();
    // Parts repeat the fields filtered on, with the record's `_id` as `record`.
    const named =
      options.identifier === undefined
        ? []
        : await this.namedInParts(
            after ? { ...filter, $or: afterPosition(after, 'record') } : filter,
            options.limit + 1,
          );
    const documents = newestOf(records, named, options.limit + 1);
    const items: HistoryEntry[] = documents.slice(0, options.limit);
    const last = items.at(-1);
    const more = documents.length > options.limit && last !== undefined;
    return {
      items,
      nextCursor: more ? encodeCursor({ at: last.receivedAt.getTime(), id: last._id }) : null,
    };
  }

  /** Throws InvalidCursorError for a cursor of another list. */
  private position(tenant: string, cursor: string): Position {
    const position = decodeCursor(cursor, positionSchema);
    if (!position.id.startsWith(documentId(tenant, ''))) throw new InvalidCursorError();
    return position;
  }

  /**
   * The records, newest first, whose parts matched `filter` (which names an identifier): at most
   * `limit`.
   */
  private async namedInParts(filter: object, limit: number): Promise<HistoryEntry[]> {
    const hits = await this.parts.hits(filter, limit);
    if (hits.length === 0) return [];
    const records = await this.db.history
      .find(
        { _id: { $in: [...new Set(hits.map((hit) => hit.record))] } },
        { projection: { payload: 0 } },
      )
      .toArray();
    return records.filter((record) => hits.some((hit) => counts(record, hit)));
  }

  /** Entries with parts get the lists of those of their parts that name `identifier`. */
  private async withPartsNaming(
    entries: HistoryEntry[],
    identifier: string,
  ): Promise<HistoryEntry[]> {
    const parts = await this.parts.naming(entries, identifier);
    if (parts.length === 0) return entries;
    return entries.map((entry) =>
      joinParts(
        entry,
        parts.filter((part) => part.record === entry._id),
      ),
    );
  }
}

type Position = z.infer<typeof positionSchema>;

/** After a page's last record, by (receivedAt, id) descending; `field` holds the record's id. */
function afterPosition({ at, id }: Position, field: '_id' | 'record'): object[] {
  const receivedAt = new Date(at);
  return [{ receivedAt: { $lt: receivedAt } }, { receivedAt, [field]: { $lt: id } }];
}

/** Both lists, each newest first, as one: each record once, at most `limit`. */
function newestOf(a: HistoryEntry[], b: HistoryEntry[], limit: number): HistoryEntry[] {
  if (b.length === 0) return a;
  const byId = new Map([...a, ...b].map((entry) => [entry._id, entry]));
  return [...byId.values()]
    .sort(
      (x, y) =>
        y.receivedAt.getTime() - x.receivedAt.getTime() ||
        (x._id < y._id ? 1 : x._id > y._id ? -1 : 0),
    )
    .slice(0, limit);
}

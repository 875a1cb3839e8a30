/**
 * The part documents of large history records (history-part.ts), as the history repository writes
 * and reads them. A part counts while its record says it has it (`part` below the record's
 * `parts`): one past that is left by an earlier writing of the record, and is on its way out.
 */
import type { mongo } from 'mongoose';
import type { HistoryCollections } from './history-collections';
import type { HistoryPartDocument } from './history-part';

/** Which part of which record a search found. */
export type PartHit = Pick<HistoryPartDocument, 'record' | 'part'>;

/** A record, as far as its parts are concerned. */
interface RecordRef {
  _id: string;
  tenant: string;
  parts: number;
}

export const counts = (record: RecordRef, part: PartHit): boolean =>
  part.record === record._id && part.part < record.parts;

export class HistoryPartsRepository {
  constructor(private readonly db: Pick<HistoryCollections, 'historyParts'>) {}

  /** Each part replaces the one of its id that an earlier writing of the record left. */
  async write(parts: readonly HistoryPartDocument[]): Promise<void> {
    if (parts.length === 0) return;
    const operations = parts.map((part) => ({
      replaceOne: { filter: { _id: part._id }, replacement: part, upsert: true },
    }));
    await this.db.historyParts.bulkWrite(operations, { ordered: false });
  }

  /** Deletes the parts an earlier writing of the record had past its count now. */
  async dropStale(record: RecordRef): Promise<void> {
    await this.db.historyParts.deleteMany({
      tenant: record.tenant,
      record: record._id,
      part: { $gte: record.parts },
    });
  }

  /** The record's parts, in order. */
  of(record: RecordRef): Promise<HistoryPartDocument[]> {
    if (record.parts === 0) return Promise.resolve([]);
    return this.db.historyParts
      .find({ tenant: record.tenant, record: record._id, part: { $lt: record.parts } })
      .sort({ part: 1 })
      .toArray();
  }

  /**
   * The parts matching a filter of the history (parts repeat the fields it filters on, with the
   * record's `_id` as `record`), newest record first, at most `limit`.
   */
  hits(filter: object, limit: number): Promise<PartHit[]> {
    return this.db.historyParts
      .find(filter as mongo.Filter<HistoryPartDocument>, { projection: { record: 1, part: 1 } })
      .sort({ receivedAt: -1, record: -1 })
      .limit(limit)
      .toArray();
  }

  /** The one part matching a filter of the history, if any. */
  hit(filter: object): Promise<PartHit | null> {
    return this.db.historyParts.findOne(filter as mongo.Filter<HistoryPartDocument>, {
      projection: { record: 1, part: 1 },
    });
  }

  /** The parts of these records that name `identifier` in any list, in part order. */
  async naming(records: readonly RecordRef[], identifier: string): Promise<HistoryPartDocument[]> {
    const split = records.filter((record) => record.parts > 0);
    if (split.length === 0) return [];
    const parts = await this.db.historyParts
      .find({
        tenant: split[0]!.tenant,
        record: { $in: split.map((record) => record._id) },
        $or: [
          { identifiers: identifier },
          { successIds: identifier },
          { deletedIds: identifier },
          { notFoundIds: identifier },
          { 'errors.key': identifier },
          { 'resolved.writtenTo': identifier },
        ],
      })
      .sort({ part: 1 })
      .toArray();
    return parts.filter((part) => split.some((record) => counts(record, part)));
  }
}

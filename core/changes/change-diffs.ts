/**
 * What each update recorded in the change log changed, field by field: one document per record
 * that has a diff, its `_id` the record's (tenant:seq), kept in a collection of its own so that
 * the log's batches stay thin and the export reads them as before. Written in the append's
 * transaction with one insert for all of a write's updates; gone after the history's retention
 * (docs/changes.md#what-each-version-changed).
 */
import type { ItemDiff } from '../items/item-diff';
import type { ChangeCollections } from './change-collections';
import { diffIdOf } from './change-diff-record';

/** A numbered record's diff, as the append hands it over. */
export interface NumberedDiff {
  seq: number;
  contentType: string;
  identifier: string;
  version: number;
  diff: ItemDiff;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export class ChangeDiffs {
  /** `retentionDays`: how long a diff is kept (the history's retention). */
  constructor(
    private readonly db: ChangeCollections,
    private readonly retentionDays: number,
  ) {}

  /** Writes the diffs: one command, none when there are none. */
  async record(tenant: string, diffs: readonly NumberedDiff[], at: Date): Promise<void> {
    if (diffs.length === 0) return;
    const expiresAt = new Date(at.getTime() + this.retentionDays * DAY_MS);
    await this.db.changeDiffs.insertMany(
      diffs.map(({ seq, contentType, identifier, version, diff }) => ({
        _id: diffIdOf(tenant, seq),
        tenant,
        contentType,
        identifier,
        version,
        fields: diff.fields,
        omitted: diff.omitted,
        expiresAt,
      })),
    );
  }
}

/** The diffs of these records of the tenant that are still kept, by `seq`: one read by `_id`. */
export async function recordedDiffs(
  db: ChangeCollections,
  tenant: string,
  seqs: readonly number[],
): Promise<Map<number, ItemDiff>> {
  if (seqs.length === 0) return new Map();
  const ids = seqs.map((seq) => diffIdOf(tenant, seq));
  const found = await db.changeDiffs
    .find({ _id: { $in: ids } }, { projection: { fields: 1, omitted: 1 } })
    .toArray();
  const seqOf = new Map(ids.map((id, i) => [id, seqs[i] ?? 0]));
  return new Map(
    found.map((document) => [
      seqOf.get(document._id) ?? 0,
      { fields: document.fields, omitted: document.omitted },
    ]),
  );
}

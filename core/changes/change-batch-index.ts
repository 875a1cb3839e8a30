/**
 * How a tenant's change batches are found: the last number written, and the batches from a
 * number on. The storage adapter implements it (core/storage/engines/), reading both from the
 * index on (tenant, lastSeq).
 */
import type { ChangeCollections } from './change-collections';
import type { ChangeBatchDocument } from './change-record';

export type ChangeBatch = Pick<
  ChangeBatchDocument,
  'contentType' | 'firstSeq' | 'lastSeq' | 'entries' | 'at' | 'trace'
>;

export interface ChangeBatchIndex {
  /** The highest `seq` written so far (0 for none). */
  head(db: ChangeCollections, tenant: string): Promise<number>;
  /**
   * Where an append tries first: the head, or a written number behind it if that is cheaper to
   * know (the append that tries a taken number collides, and reads the head).
   */
  appendAfter(db: ChangeCollections, tenant: string): Promise<number>;
  /**
   * The batches holding `seq` and the numbers after it, oldest first: enough for `limit`
   * records, or all there are.
   */
  batchesFrom(
    db: ChangeCollections,
    tenant: string,
    seq: number,
    limit: number,
  ): Promise<ChangeBatch[]>;
  /** Told after a batch ending at `lastSeq` was written. */
  appended(db: ChangeCollections, tenant: string, lastSeq: number): Promise<void>;
}

/** By the index on (tenant, lastSeq): the batches ending at `seq` or later, at most `limit`. */
export function batchesEndingFrom(
  db: ChangeCollections,
  tenant: string,
  seq: number,
  limit: number,
): Promise<ChangeBatch[]> {
  return db.changes
    .find({ tenant, lastSeq: { $gte: seq } })
    .sort({ lastSeq: 1 })
    .limit(limit)
    .toArray();
}

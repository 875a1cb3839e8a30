/**
 * FerretDB v1 decodes every document of the log for a filter on (tenant, lastSeq), but hands a
 * filter of `_id` alone to SQLite: batches are followed by `_id` (the next one starts at the
 * `lastSeq` + 1 of the one before), from a head document per tenant that each append moves on. A
 * hint only: an append that died before moving it leaves it behind, and the batches after it are
 * followed the same way. Only a number in the middle of a batch needs the filter.
 */
import type { mongo } from 'mongoose';
import {
  batchesEndingFrom,
  batchStartingAt,
  type ChangeBatch,
  type ChangeBatchIndex,
} from '../../../changes/change-batch-index';
import type { ChangeCollections } from '../../../changes/change-collections';
import { isIdCollision } from '../../../mongo/duplicate-key';

/** Per tenant, the last `seq` of a batch known to be written (`change_heads`). */
export interface ChangeHeadDocument {
  /** The tenant. */
  _id: string;
  lastSeq: number;
}

type Heads = mongo.Collection<ChangeHeadDocument>;

async function hint(heads: Heads, tenant: string): Promise<number> {
  return (await heads.findOne({ _id: tenant }))?.lastSeq ?? 0;
}

async function head(heads: Heads, db: ChangeCollections, tenant: string): Promise<number> {
  let lastSeq = await hint(heads, tenant);
  // A batch holds one number at least: one that holds none ends the walk.
  for (let batch = await batchStartingAt(db, tenant, lastSeq + 1); batch;) {
    if (batch.lastSeq <= lastSeq) break;
    lastSeq = batch.lastSeq;
    batch = await batchStartingAt(db, tenant, lastSeq + 1);
  }
  return lastSeq;
}

/** `heads`: the hints of the last numbers, in a collection of their own. */
export const ferretDbChangeBatches = (heads: Heads): ChangeBatchIndex => ({
  head: (db, tenant) => head(heads, db, tenant),
  // The hint alone: following the batches after it reads the log, and is needed only where an
  // append died before moving the hint (the append then collides).
  appendAfter: (_db, tenant) => hint(heads, tenant),

  async batchesFrom(db, tenant, seq, limit) {
    let batch = await batchStartingAt(db, tenant, seq);
    if (!batch) {
      if ((await head(heads, db, tenant)) < seq) return [];
      batch = (await batchesEndingFrom(db, tenant, seq, 1))[0] ?? null;
    }
    const batches: ChangeBatch[] = [];
    let records = 0;
    while (batch && records < limit) {
      batches.push(batch);
      records += batch.lastSeq - Math.max(seq, batch.firstSeq) + 1;
      batch = await batchStartingAt(db, tenant, batch.lastSeq + 1);
    }
    return batches;
  },

  /**
   * Moves the head to `lastSeq` unless it is further already. The filter matches only a head
   * behind it; where the head is ahead, or another append created it meanwhile, the upsert's
   * insert collides on `_id`, and the head stays where it is.
   */
  async appended(_db, tenant, lastSeq) {
    try {
      await heads.updateOne(
        { _id: tenant, lastSeq: { $lt: lastSeq } },
        { $set: { lastSeq } },
        { upsert: true },
      );
    } catch (error) {
      if (!isIdCollision(error)) throw error;
    }
  },
});

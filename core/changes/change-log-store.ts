/**
 * A tenant's change log in MongoDB, stored thin: one document per append (a batch of one content
 * type's records, each an identifier, an event and a version), numbered 1, 2, 3... per tenant. A
 * batch's number is taken by inserting it (its `_id` is tenant:batch), so two writers that pick the
 * same number collide and the loser looks further; its records' `seq` go on from the batch before
 * it. A number is only tried once the one before it is written, so batches, and the records' `seq`,
 * never leave a hole, and a reader that stops at the first missing one never steps over a record
 * still being written (docs/changes.md#numbers-without-holes).
 */
import { isDuplicateKey } from '../mongo/duplicate-key';
import type { ChangeCollections } from './change-collections';
import {
  changeBatchIdOf,
  type ChangeBatchDocument,
  type ChangeRecord,
  type NewChange,
} from './change-record';

/** Records per batch document: far under the 16 MB document limit for long identifiers. */
const RECORDS_PER_BATCH = 5_000;

interface BatchEnd {
  batch: number;
  lastSeq: number;
}

const NO_BATCH: BatchEnd = { batch: 0, lastSeq: 0 };

export class ChangeLogStore {
  constructor(private readonly db: ChangeCollections) {}

  /** Numbers and writes the changes, in the order given; answers them numbered. */
  async append(tenant: string, changes: readonly NewChange[]): Promise<ChangeRecord[]> {
    const written: ChangeRecord[] = [];
    for (const group of batchesOf(changes))
      written.push(...(await this.appendBatch(tenant, group)));
    return written;
  }

  /**
   * The tenant's records after `afterSeq`, oldest first, at most `limit`; up to the first number
   * not yet written.
   */
  async readRecords(tenant: string, afterSeq: number, limit: number): Promise<ChangeRecord[]> {
    const batches = await this.db.changes
      .find({ tenant, lastSeq: { $gt: afterSeq } })
      .sort({ lastSeq: 1 })
      .limit(limit)
      .toArray();
    const records: ChangeRecord[] = [];
    let next = afterSeq + 1;
    for (const batch of batches) {
      // A read beside an insert may see a batch whose predecessor it missed: stop there.
      if (batch.firstSeq > next) break;
      for (const [i, entry] of batch.entries.entries()) {
        const seq = batch.firstSeq + i;
        if (seq < next) continue;
        records.push({ ...entry, tenant, contentType: batch.contentType, seq, at: batch.at });
        next = seq + 1;
        if (records.length === limit) return records;
      }
    }
    return records;
  }

  /** The highest `seq` written so far (0 for none). */
  async head(tenant: string): Promise<number> {
    return (await this.lastBatch(tenant, 0)).lastSeq;
  }

  private async headHint(tenant: string): Promise<BatchEnd> {
    const head = await this.db.changeHeads.findOne({ _id: tenant });
    return head ? { batch: head.batch, lastSeq: head.lastSeq } : NO_BATCH;
  }

  private async appendBatch(
    tenant: string,
    changes: readonly NewChange[],
  ): Promise<ChangeRecord[]> {
    const [first] = changes;
    if (!first) return [];
    // Usually the head is up to date and the insert takes the next number at once.
    let last = await this.headHint(tenant);
    for (;;) {
      const document: ChangeBatchDocument = {
        _id: changeBatchIdOf(tenant, last.batch + 1),
        tenant,
        batch: last.batch + 1,
        contentType: first.contentType,
        firstSeq: last.lastSeq + 1,
        lastSeq: last.lastSeq + changes.length,
        entries: changes.map(({ event, identifier, version }) => ({ event, identifier, version })),
        at: first.at,
      };
      try {
        await this.db.changes.insertOne(document);
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        last = await this.lastBatch(tenant, document.batch);
        continue;
      }
      await this.moveHead(tenant, document);
      return changes.map((change, i) => ({ ...change, tenant, seq: document.firstSeq + i }));
    }
  }

  /**
   * The last batch written, at or after `atLeast` (a batch known to exist): from the head's hint,
   * then past the batches written since, by doubling steps and then halving.
   */
  private async lastBatch(tenant: string, atLeast: number): Promise<BatchEnd> {
    const hint = await this.headHint(tenant);
    let taken = Math.max(hint.batch, atLeast);
    let step = 1;
    let free = taken + step;
    while (await this.taken(tenant, free)) {
      taken = free;
      step *= 2;
      free = taken + step;
    }
    while (free - taken > 1) {
      const middle = Math.floor((taken + free) / 2);
      if (await this.taken(tenant, middle)) taken = middle;
      else free = middle;
    }
    if (taken === 0) return NO_BATCH;
    if (taken === hint.batch) return hint;
    const batch = await this.db.changes.findOne(
      { _id: changeBatchIdOf(tenant, taken) },
      { projection: { batch: 1, lastSeq: 1 } },
    );
    return batch ? { batch: batch.batch, lastSeq: batch.lastSeq } : NO_BATCH;
  }

  private async taken(tenant: string, batch: number): Promise<boolean> {
    const found = await this.db.changes.findOne(
      { _id: changeBatchIdOf(tenant, batch) },
      { projection: { _id: 1 } },
    );
    return found !== null;
  }

  /**
   * Moves the head to `written` unless it is further already. The filter matches only a head
   * behind it; where the head is ahead, or another append created it meanwhile, the upsert's
   * insert collides on `_id`, and the head stays where it is.
   */
  private async moveHead(tenant: string, written: BatchEnd): Promise<void> {
    const { batch, lastSeq } = written;
    try {
      await this.db.changeHeads.updateOne(
        { _id: tenant, batch: { $lt: batch } },
        { $set: { batch, lastSeq } },
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
}

/** Consecutive changes of one content type, at most RECORDS_PER_BATCH at a time. */
function batchesOf(changes: readonly NewChange[]): NewChange[][] {
  const groups: NewChange[][] = [];
  for (const change of changes) {
    const group = groups.at(-1);
    const fits =
      group !== undefined &&
      group.length < RECORDS_PER_BATCH &&
      group[0]?.contentType === change.contentType;
    if (fits) group.push(change);
    else groups.push([change]);
  }
  return groups;
}

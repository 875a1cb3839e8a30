/**
 * A tenant's change log in MongoDB, stored thin: one document per append (a batch of one content
 * type's records, each an identifier, an event and a version) whose `_id` is tenant:firstSeq. A
 * batch is appended by inserting it right after the last one (or after one the engine knows
 * cheaply to be written), so two writers that pick the same first number collide and the loser
 * goes on after the head. A batch is only tried right after one that is written, so `seq` never
 * leaves a hole, and a reader that stops at the first missing number never steps over a record
 * still being written (docs/changes.md#numbers-without-holes). How the batches are found is the
 * engine's (change-batch-index.ts). The item store appends in the transaction of the writes that
 * made the changes, so a number is taken for good only when they are.
 */
import { isIdCollision } from '../mongo/duplicate-key';
import { rerunTransaction, sessionOfRunningTransaction } from '../mongo/transactions';
import type { ChangeBatchIndex } from './change-batch-index';
import type { ChangeCollections } from './change-collections';
import {
  changeBatchIdOf,
  type ChangeBatchDocument,
  type ChangeRecord,
  type NewChange,
} from './change-record';

/** Records per batch document: far under the 16 MB document limit for long identifiers. */
const RECORDS_PER_BATCH = 5_000;

export class ChangeLogStore {
  constructor(
    private readonly db: ChangeCollections,
    private readonly index: ChangeBatchIndex,
  ) {}

  /**
   * Numbers and writes the changes, in the order given; answers them numbered. `after`: a number
   * read by `appendAfter` to try first (read here when not given); each next batch is tried
   * right after the one before.
   */
  async append(
    tenant: string,
    changes: readonly NewChange[],
    after?: number,
  ): Promise<ChangeRecord[]> {
    const written: ChangeRecord[] = [];
    let lastSeq = after ?? (await this.appendAfter(tenant));
    for (const group of batchesOf(changes)) {
      const records = await this.appendBatch(tenant, group, lastSeq);
      written.push(...records);
      lastSeq = records.at(-1)?.seq ?? lastSeq;
    }
    return written;
  }

  /** A written number for an append to go on after: the head, or one behind it (see append). */
  appendAfter(tenant: string): Promise<number> {
    return this.index.appendAfter(this.db, tenant);
  }

  /**
   * The tenant's records after `afterSeq`, oldest first, at most `limit`; up to the first number
   * not yet written.
   */
  async readRecords(tenant: string, afterSeq: number, limit: number): Promise<ChangeRecord[]> {
    const records: ChangeRecord[] = [];
    let next = afterSeq + 1;
    for (const batch of await this.index.batchesFrom(this.db, tenant, next, limit)) {
      // A read beside an insert may see a batch whose predecessor it missed: stop there.
      if (batch.firstSeq > next) break;
      for (const [i, entry] of batch.entries.entries()) {
        const seq = batch.firstSeq + i;
        if (seq < next) continue;
        const { contentType, at, trace } = batch;
        records.push({ ...entry, tenant, contentType, seq, at, ...(trace ? { trace } : {}) });
        next = seq + 1;
        if (records.length === limit) return records;
      }
    }
    return records;
  }

  /** The highest `seq` written so far (0 for none). */
  head(tenant: string): Promise<number> {
    return this.index.head(this.db, tenant);
  }

  private async appendBatch(
    tenant: string,
    changes: readonly NewChange[],
    after: number,
  ): Promise<ChangeRecord[]> {
    const [first] = changes;
    if (!first) return [];
    let firstSeq = after + 1;
    for (;;) {
      const document: ChangeBatchDocument = {
        _id: changeBatchIdOf(tenant, firstSeq),
        tenant,
        contentType: first.contentType,
        firstSeq,
        lastSeq: firstSeq + changes.length - 1,
        entries: changes.map(({ event, identifier, version }) => ({ event, identifier, version })),
        at: first.at,
        ...(first.trace ? { trace: first.trace } : {}),
      };
      try {
        await this.db.changes.insertOne(document);
      } catch (error) {
        if (!isIdCollision(error)) throw error;
        // In a transaction, MongoDB ended it with the collision: it runs again from the start,
        // and finds the batch that took these numbers.
        if (sessionOfRunningTransaction()) throw rerunTransaction(error);
        // Another append took these numbers: go on after the batch it wrote (and any after it).
        // A lost race always moves the head past them; a collision that does not is no race.
        const head = await this.head(tenant);
        if (head < firstSeq) throw error;
        firstSeq = head + 1;
        continue;
      }
      await this.index.appended(this.db, tenant, document.lastSeq);
      return changes.map((change, i) => numbered(change, tenant, firstSeq + i));
    }
  }
}

/** Built field by field: spreading each change cost far more (bench/HISTORY.md, 10,000 items). */
function numbered(change: NewChange, tenant: string, seq: number): ChangeRecord {
  const { event, contentType, identifier, version, at } = change;
  return { event, contentType, identifier, version, at, tenant, seq };
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

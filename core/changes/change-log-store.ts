/**
 * A tenant's change log in MongoDB, stored thin: one document per append (a batch of one content
 * type's records, each an identifier, an event and a version) whose `_id` is tenant:firstSeq. A
 * batch is appended by inserting it right after the last one, so two writers that pick the same
 * first number collide and the loser goes on after the batch that won. A batch is only tried right
 * after one that is written, so `seq` never leaves a hole, and a reader that stops at the first
 * missing number never steps over a record still being written
 * (docs/changes.md#numbers-without-holes).
 */
import type { EngineTraits } from '../mongo/engine';
import { isIdCollision } from '../mongo/duplicate-key';
import type { ChangeCollections } from './change-collections';
import {
  changeBatchIdOf,
  type ChangeBatchDocument,
  type ChangeRecord,
  type NewChange,
} from './change-record';

/** Records per batch document: far under the 16 MB document limit for long identifiers. */
const RECORDS_PER_BATCH = 5_000;

type Batch = Pick<ChangeBatchDocument, 'contentType' | 'firstSeq' | 'lastSeq' | 'entries' | 'at'>;

export class ChangeLogStore {
  constructor(
    private readonly db: ChangeCollections,
    private readonly engine: EngineTraits,
  ) {}

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
    const records: ChangeRecord[] = [];
    let next = afterSeq + 1;
    for (const batch of await this.batchesFrom(tenant, next, limit)) {
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
    let lastSeq = await this.headHint(tenant);
    for (let batch = await this.batchAt(tenant, lastSeq + 1); batch;) {
      lastSeq = batch.lastSeq;
      batch = await this.batchAt(tenant, lastSeq + 1);
    }
    return lastSeq;
  }

  /**
   * The batches holding `seq` and on, at most `limit`. MongoDB reads them by their index;
   * FerretDB v1 would decode the whole log for that filter, so there each batch is read by the
   * `_id` the one before it gives (its `lastSeq` + 1), and only a `seq` in the middle of a batch
   * needs the filter.
   */
  private async batchesFrom(tenant: string, seq: number, limit: number): Promise<Batch[]> {
    if (this.engine.indexedFilters) return this.batchesByFilter(tenant, seq, limit);
    let batch = await this.batchAt(tenant, seq);
    if (!batch) {
      if ((await this.head(tenant)) < seq) return [];
      batch = (await this.batchesByFilter(tenant, seq, 1))[0] ?? null;
    }
    const batches: Batch[] = [];
    let records = 0;
    while (batch && records < limit) {
      batches.push(batch);
      records += batch.lastSeq - Math.max(seq, batch.firstSeq) + 1;
      batch = await this.batchAt(tenant, batch.lastSeq + 1);
    }
    return batches;
  }

  private batchesByFilter(tenant: string, seq: number, limit: number): Promise<Batch[]> {
    return this.db.changes
      .find({ tenant, lastSeq: { $gte: seq } })
      .sort({ lastSeq: 1 })
      .limit(limit)
      .toArray();
  }

  private batchAt(tenant: string, firstSeq: number): Promise<Batch | null> {
    return this.db.changes.findOne({ _id: changeBatchIdOf(tenant, firstSeq) });
  }

  private async appendBatch(
    tenant: string,
    changes: readonly NewChange[],
  ): Promise<ChangeRecord[]> {
    const [first] = changes;
    if (!first) return [];
    // Usually the head is up to date and the insert takes the next numbers at once.
    let firstSeq = (await this.headHint(tenant)) + 1;
    for (;;) {
      const document: ChangeBatchDocument = {
        _id: changeBatchIdOf(tenant, firstSeq),
        tenant,
        contentType: first.contentType,
        firstSeq,
        lastSeq: firstSeq + changes.length - 1,
        entries: changes.map(({ event, identifier, version }) => ({ event, identifier, version })),
        at: first.at,
      };
      try {
        await this.db.changes.insertOne(document);
      } catch (error) {
        if (!isIdCollision(error)) throw error;
        // Another append took these numbers: go on after the batch it wrote (and any after it).
        // A lost race always moves the head past them; a collision that does not is no race.
        const head = await this.head(tenant);
        if (head < firstSeq) throw error;
        firstSeq = head + 1;
        continue;
      }
      await this.moveHead(tenant, document.lastSeq);
      return changes.map((change, i) => ({ ...change, tenant, seq: firstSeq + i }));
    }
  }

  private async headHint(tenant: string): Promise<number> {
    return (await this.db.changeHeads.findOne({ _id: tenant }))?.lastSeq ?? 0;
  }

  /**
   * Moves the head to `lastSeq` unless it is further already. The filter matches only a head
   * behind it; where the head is ahead, or another append created it meanwhile, the upsert's
   * insert collides on `_id`, and the head stays where it is.
   */
  private async moveHead(tenant: string, lastSeq: number): Promise<void> {
    try {
      await this.db.changeHeads.updateOne(
        { _id: tenant, lastSeq: { $lt: lastSeq } },
        { $set: { lastSeq } },
        { upsert: true },
      );
    } catch (error) {
      if (!isIdCollision(error)) throw error;
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

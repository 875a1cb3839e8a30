/**
 * A tenant's change log in MongoDB. A change's `seq` is taken by inserting it: its `_id` is
 * tenant:seq, so two writers that pick the same number collide and the loser looks further. A
 * number is only tried once the one before it is written, so the written numbers are always 1..n
 * without a hole, and a reader that stops at the first missing number never steps over a change
 * that is still being written (docs/changes.md).
 */
import { duplicateKeyIndexes, isDuplicateKey } from '../mongo/duplicate-key';
import type { ChangeCollections } from './change-collections';
import type { ChangeLogReader } from './change-log';
import { changeIdOf, type ChangeDocument, type NewChange } from './change-record';

export class ChangeLogStore implements ChangeLogReader {
  constructor(private readonly db: ChangeCollections) {}

  /** Numbers and writes the changes, in the order given; answers them as written. */
  async append(tenant: string, changes: readonly NewChange[]): Promise<ChangeDocument[]> {
    const written: ChangeDocument[] = [];
    let remaining = changes;
    let next = (await this.head(tenant)) + 1;
    while (remaining.length > 0) {
      const documents = remaining.map((change, i): ChangeDocument => ({
        ...change,
        _id: changeIdOf(tenant, next + i),
        tenant,
        seq: next + i,
      }));
      const inserted = await this.insertUntilCollision(documents);
      written.push(...documents.slice(0, inserted));
      remaining = remaining.slice(inserted);
      if (remaining.length > 0) next = await this.firstFreeSeq(tenant, next + inserted + 1);
    }
    const last = written.at(-1);
    if (last) await this.moveHead(tenant, last.seq);
    return written;
  }

  async readAfter(tenant: string, afterSeq: number, limit: number): Promise<ChangeDocument[]> {
    const found = await this.db.changes
      .find({ tenant, seq: { $gt: afterSeq, $lte: afterSeq + limit } })
      .sort({ seq: 1 })
      .toArray();
    // A read that runs beside an insert may see a number whose predecessor it missed: stop there.
    const contiguous: ChangeDocument[] = [];
    for (const change of found) {
      if (change.seq !== afterSeq + contiguous.length + 1) break;
      contiguous.push(change);
    }
    return contiguous;
  }

  async head(tenant: string): Promise<number> {
    const head = await this.db.changeHeads.findOne({ _id: tenant });
    return head?.seq ?? 0;
  }

  /** How many of the documents, from the first, were inserted before one collided. */
  private async insertUntilCollision(documents: ChangeDocument[]): Promise<number> {
    try {
      await this.db.changes.insertMany(documents, { ordered: true });
      return documents.length;
    } catch (error) {
      const collided = duplicateKeyIndexes(error);
      if (collided?.length === 1 && collided[0] !== undefined && collided[0] >= 0) {
        return collided[0];
      }
      if (!collided && isDuplicateKey(error)) return 0;
      throw error;
    }
  }

  /**
   * The first number not taken, at or after `from` (taken numbers are 1..n): doubling steps find
   * a free one, then halving finds the first.
   */
  private async firstFreeSeq(tenant: string, from: number): Promise<number> {
    const start = Math.max(from, (await this.head(tenant)) + 1);
    if (!(await this.taken(tenant, start))) return start;
    let taken = start;
    let step = 1;
    let free = start + step;
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
    return free;
  }

  private async taken(tenant: string, seq: number): Promise<boolean> {
    const found = await this.db.changes.findOne(
      { _id: changeIdOf(tenant, seq) },
      { projection: { _id: 1 } },
    );
    return found !== null;
  }

  /** The head only moves forward; two first appends may both create it (FerretDB: once more). */
  private async moveHead(tenant: string, seq: number): Promise<void> {
    const move = () =>
      this.db.changeHeads.updateOne({ _id: tenant }, { $max: { seq } }, { upsert: true });
    try {
      await move();
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await move();
    }
  }
}

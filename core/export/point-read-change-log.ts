/**
 * The change log read by `_id` point lookups, for engines that cannot serve the log's range
 * filter from an index (FerretDB v1 decodes every change of every tenant for it: seconds once
 * the log holds some ten thousand changes). Changes up to the tenant's head are all written, so
 * reading seq by seq up to the head, and stopping at the first one missing, skips nothing.
 */
import type { ChangeCollections } from '../changes/change-collections';
import type { ChangeLogReader } from '../changes/change-log';
import { changeIdOf, type ChangeDocument } from '../changes/change-record';
import type { EngineTraits } from '../mongo/engine';

/** Lookups sent at once. */
const PARALLEL = 32;

export class PointReadChangeLog implements ChangeLogReader {
  constructor(
    private readonly db: ChangeCollections,
    private readonly inner: ChangeLogReader,
  ) {}

  head(tenant: string): Promise<number> {
    return this.inner.head(tenant);
  }

  async readAfter(tenant: string, afterSeq: number, limit: number): Promise<ChangeDocument[]> {
    const count = Math.min(limit, (await this.head(tenant)) - afterSeq);
    const found: ChangeDocument[] = [];
    for (let start = 1; start <= count; start += PARALLEL) {
      const seqs = [];
      for (let seq = start; seq < start + PARALLEL && seq <= count; seq += 1) {
        seqs.push(afterSeq + seq);
      }
      const read = await Promise.all(
        seqs.map((seq) => this.db.changes.findOne({ _id: changeIdOf(tenant, seq) })),
      );
      for (const change of read) {
        if (!change) return found;
        found.push(change);
      }
    }
    return found;
  }
}

/** The reader the engine serves best: the store's range reads, or point lookups. */
export function changeLogReaderFor(
  engine: EngineTraits,
  db: ChangeCollections,
  store: ChangeLogReader,
): ChangeLogReader {
  return engine.indexedFilters ? store : new PointReadChangeLog(db, store);
}

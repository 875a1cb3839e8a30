/**
 * The port of a tenant's change log, as readers (the feed, the export's deliveries) see it.
 * Appending belongs to the item store's writes; see change-log-store.ts.
 */
import type { ChangeDocument } from './change-record';

export interface ChangeLogReader {
  /**
   * The tenant's changes after `afterSeq`, oldest first, at most `limit`. The answer never skips
   * a change: it stops before the first `seq` not yet written, so a reader that continues from
   * the last `seq` it got misses nothing, whatever writes run meanwhile.
   */
  readAfter(tenant: string, afterSeq: number, limit: number): Promise<ChangeDocument[]>;
  /** The highest `seq` written so far (0 for none). */
  head(tenant: string): Promise<number>;
}

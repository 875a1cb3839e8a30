/**
 * A record without its lists: what is stored when the whole record cannot be (store-record.ts).
 * Its status, counts and message still say what the request did; `listsLost` says what is not
 * there.
 */
import { emptyLists } from './history-part';
import type { HistoryDocument } from './history-record';

export function recordSummary(record: HistoryDocument): HistoryDocument {
  return { ...record, ...emptyLists(), parts: 0, listsLost: true };
}

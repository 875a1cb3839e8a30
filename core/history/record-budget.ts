/**
 * A history record's lists (ids, errors, lazy matches, identifiers) grow with its request, while
 * MongoDB refuses a document over 16 MiB. The record document takes its lists up to a byte
 * budget; what is past it goes to part documents of their own, each within a budget too
 * (docs/storage.md#large-history-records). Sizes are BSON sizes, as the driver measures them.
 */
import { mongo } from 'mongoose';
import type { HistoryDocument } from './history-record';
import { emptyLists, newPart, RECORD_LISTS, type HistoryPartDocument } from './history-part';

/**
 * The record document, payload included: an eighth of MongoDB's limit, since a history page
 * reads up to 100 of them.
 */
export const RECORD_BYTES = 2 * 1024 * 1024;
/** Each part: a quarter of MongoDB's limit, room to spare for the command that writes it. */
export const PART_BYTES = 4 * 1024 * 1024;

export interface SplitRecord {
  record: HistoryDocument;
  parts: HistoryPartDocument[];
}

const bsonSize = (document: object): number => mongo.BSON.calculateObjectSize(document);

/**
 * What one more element takes in a BSON array that holds `length` of them already: a type byte,
 * its index as a C string, and its value (a string: length, UTF-8 bytes, a NUL).
 */
function elementSize(value: string | object, length: number): number {
  const key = String(length).length + 1;
  const bytes =
    typeof value === 'string' ? 4 + Buffer.byteLength(value, 'utf8') + 1 : bsonSize(value);
  return 1 + key + bytes;
}

interface Filling {
  document: HistoryDocument | HistoryPartDocument;
  bytes: number;
  budget: number;
  empty: boolean;
}

function filling(document: HistoryDocument | HistoryPartDocument, budget: number): Filling {
  return { document, bytes: bsonSize(document), budget, empty: true };
}

/**
 * The record within RECORD_BYTES, and parts for what is past it. Each list keeps its order: it is
 * laid out from the record on to the parts, never back. An element larger than a part's budget
 * (none is: identifiers, labels and quoted values are short) would take a part alone.
 */
export function splitRecord(whole: HistoryDocument): SplitRecord {
  // Most records fit: one measure of the whole, not one per element.
  if (bsonSize({ ...whole, parts: Number.MAX_SAFE_INTEGER }) <= RECORD_BYTES) {
    return { record: { ...whole, parts: 0 }, parts: [] };
  }
  // With a place-holder count as large as any real one, so the number cannot tip the budget.
  const record: HistoryDocument = { ...whole, ...emptyLists(), parts: Number.MAX_SAFE_INTEGER };
  const parts: HistoryPartDocument[] = [];
  let target = filling(record, RECORD_BYTES);
  for (const list of RECORD_LISTS) {
    for (const value of whole[list]) {
      const into = target.document[list] as unknown[];
      let size = elementSize(value, into.length);
      if (target.bytes + size > target.budget && (target.document === record || !target.empty)) {
        const part = newPart(record, parts.length);
        parts.push(part);
        target = filling(part, PART_BYTES);
        size = elementSize(value, 0);
      }
      (target.document[list] as unknown[]).push(value);
      target.bytes += size;
      target.empty = false;
    }
  }
  return { record: { ...record, parts: parts.length }, parts };
}

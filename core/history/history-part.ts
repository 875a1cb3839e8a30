/**
 * A part of a history record: where the record's lists go on once the record document is full
 * (record-budget.ts). Parts follow their record: the same `expiresAt`, the fields the history is
 * filtered by (so that `?identifier=` and the item trail find an item named in a part), and
 * `record`, the record's `_id`. Read in `part` order, a record's lists are its own lists followed
 * by each part's (docs/storage.md#large-history-records).
 */
import type { HistoryDocument } from './history-record';

/** The lists of a record that grow with its request, in the order they are laid out. */
export const RECORD_LISTS = [
  'errors',
  'successIds',
  'deletedIds',
  'notFoundIds',
  'resolved',
  'identifiers',
] as const;

export type RecordLists = Pick<HistoryDocument, (typeof RECORD_LISTS)[number]>;

/** The record's fields a part repeats, for the filters of the history list and the item trail. */
type SearchFields = Pick<
  HistoryDocument,
  'tenant' | 'funnelId' | 'requestId' | 'receivedAt' | 'sequence' | 'status' | 'expiresAt'
> &
  Partial<Pick<HistoryDocument, 'sync' | 'syncCommit'>>;

export type HistoryPartDocument = SearchFields &
  RecordLists & {
    /** `record:part` */
    _id: string;
    /** The `_id` of the record it belongs to. */
    record: string;
    /** From 0. */
    part: number;
  };

const partId = (record: string, part: number): string => `${record}:${part}`;

export function emptyLists(): RecordLists {
  return {
    errors: [],
    successIds: [],
    deletedIds: [],
    notFoundIds: [],
    resolved: [],
    identifiers: [],
  };
}

/** An empty part of `record`, numbered `part`. */
export function newPart(record: HistoryDocument, part: number): HistoryPartDocument {
  return {
    _id: partId(record._id, part),
    record: record._id,
    part,
    tenant: record.tenant,
    funnelId: record.funnelId,
    requestId: record.requestId,
    receivedAt: record.receivedAt,
    sequence: record.sequence,
    status: record.status,
    ...(record.sync === undefined ? {} : { sync: record.sync }),
    ...(record.syncCommit === undefined ? {} : { syncCommit: record.syncCommit }),
    expiresAt: record.expiresAt,
    ...emptyLists(),
  };
}

/** The record's lists followed by those of `parts` (in part order); its other fields as they are. */
export function joinParts<T extends HistoryDocument | Omit<HistoryDocument, 'payload'>>(
  record: T,
  parts: readonly RecordLists[],
): T {
  const joined = { ...record };
  for (const list of RECORD_LISTS) {
    // Typed per list: the union of the six element types would accept any into any.
    (joined[list] as unknown[]) = [
      ...record[list],
      ...parts.flatMap((part) => part[list] as unknown[]),
    ];
  }
  return joined;
}

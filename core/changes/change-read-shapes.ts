/** The reads of the change log, as indexes must serve them (core/mongo/read-shape.ts). */
import type { ReadShape } from '../mongo/read-shape';
import type { ChangeCollections } from './change-collections';

export const CHANGE_READ_SHAPES: readonly ReadShape<keyof ChangeCollections>[] = [
  {
    read: "the log's batches from a number on, for GET /changes (MongoDB's adapter)",
    collection: 'changes',
    equals: ['tenant'],
    range: 'lastSeq',
    sort: { lastSeq: 1 },
  },
  {
    read: "the log's last number, for GET /changes (MongoDB's adapter)",
    collection: 'changes',
    equals: ['tenant'],
    sort: { lastSeq: -1 },
  },
  { read: 'a change batch by id', collection: 'changes', equals: ['_id'] },
  {
    read: 'GET /content-types/{key}/items/{identifier}/changes',
    collection: 'changes',
    equals: ['tenant', 'contentType', 'entries.identifier'],
    sort: { lastSeq: -1 },
  },
  {
    read: "the diffs of an item's records, for GET /content-types/{key}/items/{identifier}/changes",
    collection: 'changeDiffs',
    equals: ['_id'],
  },
];

/**
 * The reads of the request history, as indexes must serve them (core/mongo/read-shape.ts). The
 * list's filters each have an index; several at once are served by one of them.
 */
import type { ReadShape } from '../mongo/read-shape';
import type { HistoryCollections } from './history-collections';

const NEWEST_FIRST = { receivedAt: -1, _id: -1 } as const;
const LIST = 'GET /funnels/{endpointUrl}/history';

export const HISTORY_READ_SHAPES: readonly ReadShape<keyof HistoryCollections>[] = [
  { read: `${LIST}/{requestId} by record id`, collection: 'history', equals: ['_id'] },
  {
    read: `${LIST}, and a draft's recent requests (preview)`,
    collection: 'history',
    equals: ['tenant', 'funnelId'],
    sort: NEWEST_FIRST,
  },
  {
    read: `${LIST}?from=&to=`,
    collection: 'history',
    equals: ['tenant', 'funnelId'],
    range: 'receivedAt',
    sort: NEWEST_FIRST,
  },
  {
    read: `${LIST}?status=`,
    collection: 'history',
    equals: ['tenant', 'funnelId', 'status'],
    sort: NEWEST_FIRST,
  },
  {
    read: `${LIST}?dryRun=`,
    collection: 'history',
    equals: ['tenant', 'funnelId', 'dryRun'],
    sort: NEWEST_FIRST,
  },
  {
    read: `${LIST}?sync=`,
    collection: 'history',
    equals: ['tenant', 'funnelId', 'sync'],
    sort: NEWEST_FIRST,
  },
  {
    read: `${LIST}?redriveId=`,
    collection: 'history',
    equals: ['tenant', 'funnelId', 'redriveId'],
    sort: NEWEST_FIRST,
  },
  {
    read: `${LIST}?requestId=, and ${LIST}/{requestId} by X-Request-Id`,
    collection: 'history',
    equals: ['tenant', 'funnelId', 'requestId'],
    sort: NEWEST_FIRST,
  },
  {
    read: `${LIST}?identifier=, and GET /content-types/{key}/items/{identifier}/requests`,
    collection: 'history',
    equals: ['tenant', 'funnelId', 'identifiers'],
    sort: NEWEST_FIRST,
  },
  {
    read: 'the request that last wrote an item (GET /content-types/{key}/items/{identifier})',
    collection: 'history',
    equals: ['tenant', 'funnelId', 'identifiers'],
    alsoTests: ['sequence', 'syncCommit'],
  },
  {
    read: `the parts of a large record, joined to it (${LIST}/{requestId}, an item's requests)`,
    collection: 'historyParts',
    equals: ['tenant', 'record'],
    range: 'part',
    sort: { part: 1 },
  },
  {
    read: `the parts of listed large records that name an identifier (${LIST}?identifier=)`,
    collection: 'historyParts',
    equals: ['tenant', 'record'],
    sort: { part: 1 },
    alsoTests: [
      'identifiers',
      'successIds',
      'deletedIds',
      'notFoundIds',
      'errors.key',
      'resolved.writtenTo',
    ],
  },
  {
    read: `${LIST}?identifier=, and an item's requests, in the parts of large records`,
    collection: 'historyParts',
    equals: ['tenant', 'funnelId', 'identifiers'],
    sort: { receivedAt: -1, record: -1 },
  },
  {
    read: `the body of a record, chunk by chunk (${LIST}/{requestId}/payload, replay, preview)`,
    collection: 'historyPayloads',
    equals: ['tenant', 'record'],
    range: 'chunk',
    sort: { chunk: 1 },
  },
];

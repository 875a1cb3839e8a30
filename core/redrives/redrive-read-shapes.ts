/** The reads of re-drives, as indexes must serve them (core/mongo/read-shape.ts). */
import type { ReadShape } from '../mongo/read-shape';
import type { HistoryCollections } from '../history/history-collections';
import type { RedriveCollections } from './redrive-collections';

const LIST = 'GET /funnels/{endpointUrl}/redrives';

export const REDRIVE_READ_SHAPES: readonly ReadShape<
  keyof RedriveCollections | keyof HistoryCollections
>[] = [
  {
    read: `${LIST}/{redriveId}, and the re-drive job's progress`,
    collection: 'redrives',
    equals: ['_id'],
  },
  {
    read: LIST,
    collection: 'redrives',
    equals: ['tenant', 'funnelId'],
    sort: { createdAt: -1, _id: -1 },
  },
  {
    read: `POST ${LIST} (the funnel's one active re-drive)`,
    collection: 'redrives',
    equals: ['tenant', 'funnelId', 'slot'],
  },
  {
    read: `POST ${LIST} (its count), and the re-drive job's walk of the failed requests`,
    collection: 'history',
    equals: ['tenant', 'funnelId', 'status'],
    range: 'sequence',
    sort: { sequence: 1 },
    alsoTests: ['method', 'dryRun', 'replayOf', 'syncCommit', 'receivedAt', 'sync'],
  },
];

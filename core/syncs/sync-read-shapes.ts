/** The reads of full syncs, as indexes must serve them (core/mongo/read-shape.ts). */
import type { ReadShape } from '../mongo/read-shape';
import type { SyncCollections } from './sync-collections';

const NEWEST_FIRST = { startedAt: -1, _id: -1 } as const;
const LIST = 'GET /funnels/{endpointUrl}/syncs';

export const SYNC_READ_SHAPES: readonly ReadShape<keyof SyncCollections>[] = [
  { read: `${LIST}/{syncId}`, collection: 'syncs', equals: ['_id'] },
  { read: LIST, collection: 'syncs', equals: ['tenant', 'funnelId'], sort: NEWEST_FIRST },
  {
    read: `${LIST}?state=`,
    collection: 'syncs',
    equals: ['tenant', 'funnelId', 'state'],
    alsoTests: ['expiresAt'],
    sort: NEWEST_FIRST,
  },
  {
    read: `${LIST} (its count of each state)`,
    collection: 'syncs',
    equals: ['tenant', 'funnelId', 'state'],
    alsoTests: ['expiresAt'],
  },
];

/** The reads of exports and their deliveries, as indexes must serve them (core/mongo/read-shape.ts). */
import type { ReadShape } from '../mongo/read-shape';
import type { ExportCollections } from './export-collections';

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;
const DELIVERIES = 'GET /settings/exports/{id}/deliveries';

export const EXPORT_READ_SHAPES: readonly ReadShape<keyof ExportCollections>[] = [
  { read: 'an export by id', collection: 'exports', equals: ['_id'] },
  {
    read: 'GET /settings/exports',
    collection: 'exports',
    equals: ['tenant'],
    sort: { createdAt: 1, _id: 1 },
  },
  {
    read: DELIVERIES,
    collection: 'exportDeliveries',
    equals: ['tenant', 'exportId'],
    sort: NEWEST_FIRST,
  },
  {
    read: `${DELIVERIES}?status=`,
    collection: 'exportDeliveries',
    equals: ['tenant', 'exportId', 'status'],
    sort: NEWEST_FIRST,
  },
];

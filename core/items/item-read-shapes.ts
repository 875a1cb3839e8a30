/** The reads of items, as indexes must serve them (core/mongo/read-shape.ts). */
import type { ReadShape } from '../mongo/read-shape';
import type { ItemCollections } from './item-collections';

export const ITEM_READ_SHAPES: readonly ReadShape<keyof ItemCollections>[] = [
  {
    read: 'GET /content-types/{key}/items (an `_id` range: the tenant and content type)',
    collection: 'items',
    equals: [],
    range: '_id',
    sort: { _id: 1 },
  },
  { read: 'GET /content-types/{key}/items/{identifier}', collection: 'items', equals: ['_id'] },
];

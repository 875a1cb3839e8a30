/** The reads of content types and funnels, as indexes must serve them (core/mongo/read-shape.ts). */
import type { ReadShape } from '../mongo/read-shape';
import type { SettingsCollections } from './settings-collections';

export const SETTINGS_READ_SHAPES: readonly ReadShape<keyof SettingsCollections>[] = [
  { read: 'a content type by key', collection: 'contentTypes', equals: ['_id'] },
  { read: 'a funnel by endpoint URL', collection: 'funnels', equals: ['_id'] },
  {
    read: 'GET /settings/content-types',
    collection: 'contentTypes',
    equals: ['tenant'],
    sort: { _id: 1 },
  },
  {
    read: "GET /settings/funnels, and an item's funnel (GET /content-types/{key}/items/{identifier})",
    collection: 'funnels',
    equals: ['tenant'],
    sort: { _id: 1 },
  },
  {
    read: "a content type's funnels (GET /content-types/{key}/items/{identifier}/requests)",
    collection: 'funnels',
    equals: ['tenant', 'contentType'],
  },
];

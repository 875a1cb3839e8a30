/**
 * What every scenario sends, and what it must end up as: one content type, one funnel mapping a
 * typical ERP item to it, items with fresh identifiers, the item document the product stores for
 * a new item (the floors in bench/floor/ write the same), and a delivery of changes as the export
 * sends it. With bench/stack/store.ts, the one place the benchmark imports core/.
 */
import { changeView } from '../core/changes/change-record';
import { itemView, type ItemDocument } from '../core/items/item';

export type { ItemDocument };

/** The content type's key, and the funnel's endpoint URL. */
export const CONTENT_TYPE = 'bench-products';
export const ENDPOINT_URL = 'bench-products';

/** The body of `PUT /settings/content-types/{key}`. */
export const CONTENT_TYPE_BODY = {
  name: 'Bench products',
  kind: 'product',
  properties: [
    { key: 'color', label: 'Color', type: 'text' },
    { key: 'price', label: 'Price', type: 'number' },
    { key: 'stock', label: 'Stock', type: 'integer' },
  ],
} as const;

/** The body of `POST /settings/funnels` for a funnel on `contentType` at `endpointUrl`. */
export function funnelBody(contentType: string, endpointUrl: string) {
  return {
    contentType,
    name: `Bench ${endpointUrl}`,
    endpointUrl,
    mappings: [
      { source: 'sku', target: { system: 'identifier' } },
      { source: 'title', target: { system: 'name' } },
      { source: 'attrs.color', target: { property: 'color' }, optional: true },
      { source: 'price', target: { property: 'price' } },
      { source: 'stock', target: { property: 'stock' } },
    ],
  };
}

/** One item as a sender's system sends it; `description` and `attrs.size` are not mapped. */
export interface SenderItem {
  sku: string;
  title: string;
  price: number;
  stock: number;
  description: string;
  attrs: { color: string; size: string };
}

const COLORS = ['red', 'green', 'blue', 'black', 'white'];

/** `count` items whose identifiers start with `prefix`: new to the store when the prefix is. */
export function makeItems(prefix: string, count: number): SenderItem[] {
  return Array.from({ length: count }, (_, i) => ({
    sku: `${prefix}-${String(i).padStart(6, '0')}`,
    title: `Bench item ${i}`,
    price: Math.round(i * 1.37 * 100) / 100,
    stock: i % 500,
    description: 'A product sent by the benchmark, with a little text that nobody maps.',
    attrs: { color: COLORS[i % COLORS.length] ?? 'red', size: 'M' },
  }));
}

/** A short random run id: fresh identifiers for every run, so that every item is new. */
export function runId(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** `tenant:contentType:identifier`, the product's `_id` scheme (core/domain/names.ts). */
export function itemId(tenant: string, contentType: string, identifier: string): string {
  return `${tenant}:${contentType}:${identifier}`;
}

/** A funnel id of the length the service's own have (a UUID), for the floor's documents. */
const FLOOR_FUNNEL_ID = '00000000-0000-4000-8000-000000000000';

/** The fields the funnel maps, read from one sender item. */
function mapped(item: SenderItem) {
  return {
    name: item.title,
    properties: { color: item.attrs.color, price: item.price, stock: item.stock },
  };
}

/** The document the product inserts for a new item (core/items/item-store.ts). */
export function newItemDocument(
  tenant: string,
  contentType: string,
  item: SenderItem,
  receivedAt: Date,
  now: Date,
): ItemDocument {
  return {
    _id: itemId(tenant, contentType, item.sku),
    tenant,
    contentType,
    identifier: item.sku,
    identifierLower: item.sku.toLowerCase(),
    ...mapped(item),
    createdAt: now,
    updatedAt: now,
    receivedAt,
    sequence: receivedAt.getTime() * 1000,
    version: 1,
    funnelId: FLOOR_FUNNEL_ID,
  };
}

/** The `_id`-keyed upsert the product sends for an item on MongoDB (and for existing ones). */
export function upsertOperation(
  tenant: string,
  contentType: string,
  item: SenderItem,
  receivedAt: Date,
  now: Date,
) {
  const { name, properties } = mapped(item);
  const set: Record<string, unknown> = {
    tenant,
    contentType,
    identifier: item.sku,
    identifierLower: item.sku.toLowerCase(),
    updatedAt: now,
    receivedAt,
    sequence: receivedAt.getTime() * 1000,
    funnelId: FLOOR_FUNNEL_ID,
    name,
  };
  for (const [key, value] of Object.entries(properties)) set[`properties.${key}`] = value;
  return {
    filter: { _id: itemId(tenant, contentType, item.sku) },
    update: { $set: set, $setOnInsert: { createdAt: now, version: 1 } },
  };
}

/**
 * A delivery of changes of `documents`, new items, as the export sends one to its receiver: what
 * the receiver's reference and the export floor post.
 */
export function deliveryBody(documents: readonly ItemDocument[]): string {
  const changes = documents.map((document, i) =>
    changeView({
      event: 'created',
      contentType: document.contentType,
      identifier: document.identifier,
      version: document.version,
      at: document.updatedAt,
      tenant: document.tenant,
      seq: i + 1,
      item: itemView(document),
    }),
  );
  return JSON.stringify({ type: 'items.changed', exportId: 'bench', changes });
}

/** The documents of `count` new items of the benchmark's content type, for a reference body. */
export function newDocuments(count: number): ItemDocument[] {
  const now = new Date();
  return makeItems(runId(), count).map((item) =>
    newItemDocument('bench', CONTENT_TYPE, item, now, now),
  );
}

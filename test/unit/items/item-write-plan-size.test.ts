/**
 * The write plan holds an item to MAX_ITEM_BYTES with the fields it keeps from before: a
 * request's own values are measured before it is decided, but only the write sees the stored
 * ones (docs/storage.md#engines, "document size").
 */
import type { ItemWrite } from '../../../core/items/item-documents';
import { MAX_ITEM_BYTES } from '../../../core/items/item-size';
import { ItemTooLargeError } from '../../../core/items/item-too-large-error';
import { planWrite, type StoredItem } from '../../../core/items/item-write-plan';

const scope = { tenant: 'acme', contentType: 'products' };
const now = new Date('2024-05-01T00:00:00Z');
/** About 5 MiB: under the limit alone, over it beside another such value. */
const half = Array.from({ length: 80 }, () => 'x'.repeat(65_536));

const stored = (properties: Record<string, unknown>): StoredItem => ({
  _id: 'acme:products:A-1',
  properties,
  sequence: 1,
  version: 1,
  createdAt: now,
});
const write = (properties: Record<string, unknown>): ItemWrite => ({
  identifier: 'A-1',
  set: { properties },
  unset: { fields: [], properties: [] },
  funnelId: 'erp',
});
const received = (properties: Record<string, unknown>) => ({
  write: write(properties),
  receipt: { sequence: 2, receivedAt: now },
});

describe('planWrite and the item size limit', () => {
  it('when an update would make the stored item larger than MAX_ITEM_BYTES, then it throws ItemTooLargeError naming the item', () => {
    const plan = () => planWrite(scope, received({ b: half }), stored({ a: half }), now);
    expect(plan).toThrow(ItemTooLargeError);
    expect(plan).toThrow(
      /^Item "A-1" would take 10,\d{3},\d{3} bytes .* over the limit of 8,388,608$/,
    );
  });

  it('when the update replaces the large value instead, then it is planned', () => {
    const plan = planWrite(scope, received({ a: half.slice(1) }), stored({ a: half }), now);
    expect(plan.kind).toBe('update');
    expect(MAX_ITEM_BYTES).toBe(8 * 1024 * 1024);
  });
});

/**
 * An item is measured as the document the store would write (docs/api-behaviour.md#limits): the
 * limit holds to the byte, and an item over it fails under its largest field's label.
 */
import { failOversizedItems } from '../../../core/ingest/oversized-items';
import { MAX_ITEM_BYTES } from '../../../core/items/item-size';
import { newItemDocument } from '../../../core/items/item-documents';
import { mongo } from 'mongoose';
import type { MappedItem } from '../../../core/domain/mapper';
import { contentType } from '../pipeline/fixtures';

const receipt = { sequence: 1_700_000_000_000_000, receivedAt: new Date('2024-05-01T00:00:00Z') };
const scope = { tenant: 'acme', contentType: contentType(), funnelId: 'erp', receipt };
const NO_UNSET = { fields: [], properties: [] };

function item(identifier: string, name: string, color: string): MappedItem {
  return {
    index: 0,
    key: identifier,
    identifier,
    set: { name, properties: { color } },
    unset: NO_UNSET,
    references: [],
    errors: {},
  };
}

/** The BSON size of the document `item` would be written as. */
function documentSize(mapped: MappedItem): number {
  const write = { identifier: mapped.identifier ?? '', ...mapped, funnelId: scope.funnelId };
  const document = newItemDocument(
    { tenant: scope.tenant, contentType: scope.contentType.key },
    { write, receipt },
    new Date(),
    1,
  );
  return mongo.BSON.calculateObjectSize(document);
}

describe('failOversizedItems', () => {
  it('when the document is exactly MAX_ITEM_BYTES it passes, and one byte more fails under the largest field’s label', () => {
    const base = documentSize(item('A-1', 'Shoe', ''));
    const exact = item('A-1', 'Shoe', 'x'.repeat(MAX_ITEM_BYTES - base));
    const over = item('A-2', 'Shoe', 'x'.repeat(MAX_ITEM_BYTES - base + 1));
    expect(documentSize(exact)).toBe(MAX_ITEM_BYTES);

    const checked = failOversizedItems([exact, over], scope);

    expect(checked[0]).toBe(exact);
    expect({ ...checked[1]?.errors }).toEqual({
      Color: expect.stringMatching(
        /^The item is too large to store: 8,388,609 bytes in all, over the limit of 8,388,608; this field takes 8,388,\d{3} of them$/,
      ),
    });
  });

  it('when no item is over the limit, then the same array comes back, and an item that failed already gets no size error', () => {
    const failed = { ...item('B-1', 'x'.repeat(MAX_ITEM_BYTES), ''), errors: { Name: 'bad' } };
    const items = [item('A-1', 'Shoe', 'red'), failed];
    expect(failOversizedItems(items, scope)).toBe(items);
  });

  it('when a system field is the largest, then its label for the content type’s kind is named', () => {
    const [checked] = failOversizedItems([item('A-1', 'x'.repeat(MAX_ITEM_BYTES), 'red')], scope);
    expect(Object.keys(checked?.errors ?? {})).toEqual(['Product Name']);
  });
});

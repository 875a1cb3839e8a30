import { dedupeLastWins, mapItems } from '../../../core/domain/mapper';
import { MESSAGES } from '../../../core/domain/messages';
import { contentType, funnel, mapping, plain } from './fixtures';

const products = contentType();
const typical = funnel([
  mapping('sku', { system: 'identifier' }),
  mapping('title', { system: 'name' }),
  mapping('attrs.color', { property: 'color' }, { optional: true }),
  mapping('price', { property: 'price' }),
]);

describe('mapItems, values items share', () => {
  it('when items clear nothing, refer to nothing and are valid, then those values are empty and frozen', () => {
    const [first, second] = mapItems(
      [
        { sku: 'A', title: 'a', price: 1 },
        { sku: 'B', title: 'b', price: 2 },
      ],
      typical,
      products,
    );
    expect(plain(first?.unset)).toEqual({ fields: [], properties: [] });
    expect(first?.references).toEqual([]);
    expect(plain(first?.errors)).toEqual({});
    expect(Object.getPrototypeOf(first?.errors)).toBeNull();
    for (const value of [first?.unset, first?.unset.fields, first?.references, first?.errors]) {
      expect(Object.isFrozen(value)).toBe(true);
    }
    expect(second?.unset).toBe(first?.unset);
    expect(second?.errors).toBe(first?.errors);
  });

  it('when an item clears or fails, then it has values of its own', () => {
    const [cleared, failed] = mapItems(
      [
        { sku: 'A', title: 'a', price: 1, attrs: { color: null } },
        { sku: 'B', title: 5, price: 2 },
      ],
      typical,
      products,
    );
    expect(plain(cleared?.unset)).toEqual({ fields: [], properties: ['color'] });
    expect(Object.isFrozen(cleared?.unset)).toBe(false);
    expect(plain(failed?.errors)).toEqual({ 'Product Name': MESSAGES.expectedText });
    expect(Object.getPrototypeOf(failed?.errors)).toBeNull();
  });

  it('when an item has no identifier, then it has no identifier key at all', () => {
    const [item] = mapItems([{ title: 'a', price: 1 }], typical, products);
    expect(item).not.toHaveProperty('identifier');
    expect(Object.keys(item ?? {})).toEqual([
      'index',
      'key',
      'set',
      'unset',
      'references',
      'errors',
    ]);
  });

  it('when an item has an identifier, then it comes last, as items were always built', () => {
    const [item] = mapItems([{ sku: 'A', title: 'a', price: 1 }], typical, products);
    expect(Object.keys(item ?? {})).toEqual([
      'index',
      'key',
      'set',
      'unset',
      'references',
      'errors',
      'identifier',
    ]);
  });
});

describe('dedupeLastWins, in one pass', () => {
  it('when several identifiers repeat, then each keeps its last position, in request order', () => {
    const items = ['A', 'B', undefined, 'A', 'C', 'B', undefined, 'A'].map((identifier, n) =>
      identifier === undefined ? { n } : { identifier, n },
    );
    expect(dedupeLastWins(items).map((item) => item.n)).toEqual([2, 4, 5, 6, 7]);
  });

  it('when nothing repeats, then it gives a new array with every item', () => {
    const items = [{ identifier: 'A' }, { identifier: 'B' }];
    const kept = dedupeLastWins(items);
    expect(kept).toEqual(items);
    expect(kept).not.toBe(items);
  });
});

/** The mapper with value transforms: each value goes through its steps before it is validated. */
import { identifierFromRead, mapItems } from '../../../core/domain/mapper';
import { MESSAGES } from '../../../core/domain/messages';
import type { Transform } from '../../../core/domain/transforms';
import { contentType, funnel, mapping, plain } from './fixtures';

const products = contentType({
  properties: [
    { key: 'color', label: 'Color', type: 'text', multiple: false },
    { key: 'price', label: 'Price', type: 'number', multiple: false },
    { key: 'stock', label: 'Stock', type: 'integer', multiple: false },
    { key: 'tags', label: 'Tags', type: 'text', multiple: true },
    { key: 'size', label: 'Size', type: 'enum', options: ['S', 'M', 'L'], multiple: false },
    { key: 'brand', label: 'Brand', type: 'reference', contentType: 'brands', multiple: false },
  ],
});
const sku = mapping('sku', { system: 'identifier' });
const steps = (transforms: Transform[]) => ({ transforms });

describe('mapItems with value transforms', () => {
  it('when a value needs its transforms to pass, then the transformed value is set', () => {
    const tidy = funnel([
      sku,
      mapping('title', { system: 'name' }, steps([{ op: 'trim' }])),
      mapping('color', { property: 'color' }, steps([{ op: 'trim' }, { op: 'lowercase' }])),
      mapping('price', { property: 'price' }, steps([{ op: 'number' }])),
      mapping('stock', { property: 'stock' }, steps([{ op: 'number' }])),
      mapping('tags', { property: 'tags' }, steps([{ op: 'split', separator: ',' }])),
      mapping('size', { property: 'size' }, steps([{ op: 'uppercase' }])),
      mapping('brand', { property: 'brand' }, steps([{ op: 'lowercase' }])),
    ]);
    const [item] = mapItems(
      [
        {
          sku: 'A-1',
          title: '  Shoe ',
          color: ' RED ',
          price: '12.50',
          stock: '3',
          tags: 'new, sale',
          size: 'm',
          brand: 'NIKE',
        },
      ],
      tidy,
      products,
    );
    expect(plain(item?.errors)).toEqual({});
    expect(plain(item?.set)).toEqual({
      name: 'Shoe',
      properties: {
        color: 'red',
        price: 12.5,
        stock: 3,
        tags: ['new', 'sale'],
        size: 'M',
        brand: 'nike',
      },
    });
    expect(item?.references).toEqual([
      {
        label: 'Brand',
        target: { property: 'brand' },
        contentType: 'brands',
        identifiers: ['nike'],
      },
    ]);
  });

  it('when the same values come without transforms, then they fail validation as before', () => {
    const plainFunnel = funnel([
      sku,
      mapping('price', { property: 'price' }),
      mapping('tags', { property: 'tags' }),
      mapping('size', { property: 'size' }),
    ]);
    const [item] = mapItems(
      [{ sku: 'A-1', price: '12.50', tags: 'new, sale', size: 'm' }],
      plainFunnel,
      products,
    );
    expect(plain(item?.errors)).toEqual({
      Price: MESSAGES.expectedNumber,
      Tags: MESSAGES.expectedList,
      Size: 'No such option "m"; expected one of: S, M, L',
    });
  });

  it('when a transform fails, then the item fails under the field label with its message', () => {
    const numbers = funnel([
      sku,
      mapping('price', { property: 'price' }, steps([{ op: 'number' }])),
    ]);
    const [good, bad] = mapItems(
      [
        { sku: 'A', price: '1' },
        { sku: 'B', price: '12,5' },
      ],
      numbers,
      products,
    );
    expect(plain(good?.errors)).toEqual({});
    expect(bad?.key).toBe('B');
    expect(plain(bad?.errors)).toEqual({ Price: MESSAGES.notNumeric('12,5') });
    expect(plain(bad?.set)).toEqual({ properties: {} });
  });

  it('when a transform gives a value of the wrong type, then the validator still refuses it', () => {
    const integer = funnel([
      sku,
      mapping('stock', { property: 'stock' }, steps([{ op: 'number' }])),
    ]);
    const [item] = mapItems([{ sku: 'A', stock: '3.5' }], integer, products);
    expect(plain(item?.errors)).toEqual({ Stock: MESSAGES.expectedInteger });
  });

  describe('default', () => {
    const withDefault = funnel([
      sku,
      mapping('color', { property: 'color' }, steps([{ op: 'default', value: 'black' }])),
      mapping(
        'stock',
        { property: 'stock' },
        { optional: true, ...steps([{ op: 'default', value: 0 }]) },
      ),
    ]);

    it.each([
      ['missing', {}],
      ['null', { color: null, stock: null }],
      ['""', { color: '', stock: '' }],
    ])('when a value is %s, then the default is set, required or not', (_name, values) => {
      const [item] = mapItems([{ sku: 'A', ...values }], withDefault, products);
      expect(plain(item?.errors)).toEqual({});
      expect(plain(item?.set.properties)).toEqual({ color: 'black', stock: 0 });
      expect(plain(item?.unset)).toEqual({ fields: [], properties: [] });
    });

    it('when a value is sent, then the default does not apply', () => {
      const [item] = mapItems([{ sku: 'A', color: 'red', stock: 4 }], withDefault, products);
      expect(plain(item?.set.properties)).toEqual({ color: 'red', stock: 4 });
    });
  });

  describe('values that stay empty', () => {
    it('when a transform leaves an optional value "", then it is cleared as before', () => {
      const optional = funnel([
        sku,
        mapping('color', { property: 'color' }, { optional: true, ...steps([{ op: 'trim' }]) }),
      ]);
      const [item] = mapItems([{ sku: 'A', color: '   ' }], optional, products);
      expect(plain(item?.unset.properties)).toEqual(['color']);
      expect(plain(item?.errors)).toEqual({});
    });

    it('when a transform leaves a required value "", then it is required', () => {
      const required = funnel([
        sku,
        mapping('color', { property: 'color' }, steps([{ op: 'trim' }])),
      ]);
      const [item] = mapItems([{ sku: 'A', color: ' ' }], required, products);
      expect(plain(item?.errors)).toEqual({ Color: MESSAGES.required });
    });
  });

  describe('the identifier', () => {
    it('when the identifier has transforms, then the key and identifier are the transformed value', () => {
      const upper = funnel([
        mapping('sku', { system: 'identifier' }, steps([{ op: 'trim' }, { op: 'uppercase' }])),
      ]);
      const [item] = mapItems([{ sku: ' a-1 ' }], upper, products);
      expect(item).toMatchObject({ identifier: 'A-1', key: 'A-1' });
    });

    it('when the identifier is only white space before trim, then it is required', () => {
      const trimmed = funnel([mapping('sku', { system: 'identifier' }, steps([{ op: 'trim' }]))]);
      const [item] = mapItems([{ sku: '  ' }], trimmed, products);
      expect(item?.key).toBe('[0]');
      expect(plain(item?.errors)).toEqual({ 'Product Identifier': MESSAGES.required });
    });

    it('when an identifier is given as a value (as a DELETE names it), then it is transformed alike', () => {
      const upper = { transforms: [{ op: 'trim' as const }, { op: 'uppercase' as const }] };
      expect(identifierFromRead(upper, { found: true, value: ' a-1 ' })).toEqual({
        ok: true,
        identifier: 'A-1',
      });
      expect(identifierFromRead({}, { found: true, value: 12 })).toEqual({
        ok: true,
        identifier: '12',
      });
      expect(identifierFromRead(upper, { found: true, value: '  ' })).toEqual({
        ok: false,
        message: MESSAGES.required,
      });
    });

    it('when a transform of the identifier fails, then the item fails under [i]', () => {
      const numeric = funnel([mapping('sku', { system: 'identifier' }, steps([{ op: 'number' }]))]);
      const [item] = mapItems([{ sku: 'x1' }], numeric, products);
      expect(item?.key).toBe('[0]');
      expect(plain(item?.errors)).toEqual({ 'Product Identifier': MESSAGES.notNumeric('x1') });
    });
  });
});

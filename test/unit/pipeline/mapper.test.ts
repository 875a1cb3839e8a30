import { asItemList, dedupeLastWins, mapItems } from '../../../core/domain/mapper';
import { identifierLabel, identifierMapping } from '../../../core/domain/mapping-plan';
import { MESSAGES } from '../../../core/domain/messages';
import { contentType, funnel, mapping, pages, plain } from './fixtures';

const products = contentType();
const sku = mapping('sku', { system: 'identifier' });
const title = mapping('title', { system: 'name' });

const parse = (json: string): unknown[] => asItemList(JSON.parse(json));

describe('mapItems', () => {
  describe('reading mapped values', () => {
    const shoeFunnel = funnel([
      sku,
      title,
      mapping('img', { system: 'image' }),
      mapping('attrs.color', { property: 'color' }),
      mapping('attrs.price', { property: 'price' }),
      mapping('images.url', { property: 'gallery' }),
      mapping('stock.0.qty', { property: 'stock' }),
    ]);
    const body = parse(`{
      "sku": "A-1", "title": "Shoe", "img": "https://cdn.example.com/shoe.jpg",
      "attrs": { "color": "red", "price": 49.9, "weight": 3 },
      "images": [{ "url": "https://cdn.example.com/1.jpg" }, { "url": "https://cdn.example.com/2.jpg" }],
      "stock": [{ "qty": 7 }, { "qty": 1 }],
      "unmapped": { "anything": true }
    }`);

    it('when every mapped value is valid, then set holds exactly the mapped values', () => {
      const [item] = mapItems(body, shoeFunnel, products);
      expect(plain(item)).toEqual({
        index: 0,
        key: 'A-1',
        identifier: 'A-1',
        set: {
          name: 'Shoe',
          image: 'https://cdn.example.com/shoe.jpg',
          properties: {
            color: 'red',
            price: 49.9,
            gallery: ['https://cdn.example.com/1.jpg', 'https://cdn.example.com/2.jpg'],
            stock: 7,
          },
        },
        unset: { fields: [], properties: [] },
        references: [],
        errors: {},
      });
    });

    it('when the body has keys no mapping names, then they are ignored', () => {
      const [item] = mapItems(body, shoeFunnel, products);
      expect(JSON.stringify(item)).not.toContain('unmapped');
      expect(JSON.stringify(item)).not.toContain('weight');
    });

    it('when the body is an array, then each item is mapped with its position', () => {
      const items = mapItems(
        parse('[{"sku":"A","title":"a"},{"sku":"B","title":"b"}]'),
        funnel([sku, title]),
        products,
      );
      expect(items.map((item) => [item.index, item.key, item.set.name])).toEqual([
        [0, 'A', 'a'],
        [1, 'B', 'b'],
      ]);
    });
  });

  describe('the identifier', () => {
    const idOnly = funnel([sku]);

    it('when the identifier is a number, then it becomes its decimal string, key included', () => {
      const [item] = mapItems([{ sku: 12 }], idOnly, products);
      expect(item).toMatchObject({ identifier: '12', key: '12' });
    });

    it.each([
      ['missing', {}],
      ['null', { sku: null }],
      ['""', { sku: '' }],
    ])('when the identifier is %s, then it is required and the key is [i]', (_name, value) => {
      const [, item] = mapItems([{ sku: 'ok' }, value], idOnly, products);
      expect(item?.key).toBe('[1]');
      expect(item?.identifier).toBeUndefined();
      expect(plain(item?.errors)).toEqual({ 'Product Identifier': MESSAGES.required });
    });

    it('when the identifier is an operator object {"$gt": ""}, then the item fails', () => {
      const [item] = mapItems(parse('{"sku":{"$gt":""}}'), idOnly, products);
      expect(item?.key).toBe('[0]');
      expect(plain(item?.errors)).toEqual({ 'Product Identifier': MESSAGES.identifierType });
    });

    it('when the identifier holds a control character, then the item fails under [i]', () => {
      const [item] = mapItems([{ sku: 'A\u0000' }], idOnly, products);
      expect(item?.key).toBe('[0]');
      expect(plain(item?.errors)).toEqual({ 'Product Identifier': MESSAGES.identifierControl });
    });

    it('when the identifier holds a lone surrogate, then the item fails under [i]', () => {
      const [item] = mapItems(parse('{"sku":"A\\ud800"}'), idOnly, products);
      expect(plain(item?.errors)).toEqual({ 'Product Identifier': MESSAGES.identifierUnicode });
    });

    it('when the identifier mapping says optional, then the identifier is still required', () => {
      const optionalId = funnel([mapping('sku', { system: 'identifier' }, { optional: true })]);
      const [item] = mapItems([{}], optionalId, products);
      expect(plain(item?.errors)).toEqual({ 'Product Identifier': MESSAGES.required });
    });

    it('when the content type is generic, then the label is "Identifier"', () => {
      const [item] = mapItems([{}], funnel([mapping('id', { system: 'identifier' })]), pages());
      expect(plain(item?.errors)).toEqual({ Identifier: MESSAGES.required });
    });

    it('when the identifier is read from a nested path, then it is found', () => {
      const nested = funnel([mapping('meta.ids.0', { system: 'identifier' })]);
      const [item] = mapItems([{ meta: { ids: ['N-1', 'N-2'] } }], nested, products);
      expect(item?.identifier).toBe('N-1');
    });

    it('when the identifier path maps over an array, then the array is no identifier', () => {
      const nested = funnel([mapping('ids.v', { system: 'identifier' })]);
      const [item] = mapItems([{ ids: [{ v: 'a' }, { v: 'b' }] }], nested, products);
      expect(plain(item?.errors)).toEqual({ 'Product Identifier': MESSAGES.identifierType });
    });
  });

  describe('required and optional values', () => {
    const required = funnel([sku, title, mapping('price', { property: 'price' })]);
    const optional = funnel([
      sku,
      mapping('title', { system: 'name' }, { optional: true }),
      mapping('price', { property: 'price' }, { optional: true }),
      mapping('color', { property: 'color' }, { optional: true }),
    ]);

    it.each([
      ['missing', {}],
      ['null', { title: null, price: null }],
      ['""', { title: '', price: '' }],
    ])('when a required value is %s, then the item fails under each label', (_name, values) => {
      const [item] = mapItems([{ sku: 'A', ...values }], required, products);
      expect(item?.key).toBe('A');
      expect(plain(item?.errors)).toEqual({
        'Product Name': MESSAGES.required,
        Price: MESSAGES.required,
      });
      expect(plain(item?.set)).toEqual({ properties: {} });
    });

    it('when an optional value is missing, then it is neither set nor unset', () => {
      const [item] = mapItems([{ sku: 'A' }], optional, products);
      expect(plain(item)).toMatchObject({
        set: { properties: {} },
        unset: { fields: [], properties: [] },
        errors: {},
      });
    });

    it('when an optional value is null, then it is unset (cleared)', () => {
      const [item] = mapItems(
        [{ sku: 'A', title: null, price: null, color: 'red' }],
        optional,
        products,
      );
      expect(plain(item)).toMatchObject({
        set: { properties: { color: 'red' } },
        unset: { fields: ['name'], properties: ['price'] },
        errors: {},
      });
    });

    it('when an optional value is "", then it is unset too', () => {
      const [item] = mapItems([{ sku: 'A', title: '', price: '', color: '' }], optional, products);
      expect(plain(item)).toMatchObject({
        set: { properties: {} },
        unset: { fields: ['name'], properties: ['price', 'color'] },
        errors: {},
      });
    });

    it('when a value is only white space, then it is a value, not a clear', () => {
      const [item] = mapItems([{ sku: 'A', title: ' ', color: '  ' }], optional, products);
      expect(plain(item?.set)).toEqual({ name: ' ', properties: { color: '  ' } });
    });

    it('when a required multiple value is [], then it is set to []', () => {
      const gallery = funnel([sku, mapping('g', { property: 'gallery' })]);
      const [item] = mapItems([{ sku: 'A', g: [] }], gallery, products);
      expect(plain(item?.set.properties)).toEqual({ gallery: [] });
      expect(plain(item?.errors)).toEqual({});
    });

    it('when a mapped array of objects is empty, then the value is missing', () => {
      const names = funnel([sku, mapping('cats.name', { property: 'categories' })]);
      const [item] = mapItems([{ sku: 'A', cats: [] }], names, products);
      expect(plain(item?.errors)).toEqual({ Categories: MESSAGES.required });
    });
  });

  describe('types', () => {
    const typed = funnel(
      [
        sku,
        mapping('price', { property: 'price' }),
        mapping('stock', { property: 'stock' }),
        mapping('onSale', { property: 'onSale' }),
        mapping('released', { property: 'releasedAt' }),
        mapping('img', { system: 'image' }),
        mapping('size', { property: 'size' }),
        mapping('gallery', { property: 'gallery' }),
      ].map((entry) => ({ ...entry, optional: true })),
    );

    it('when values have their types, then they are set as sent', () => {
      const [item] = mapItems(
        [
          {
            sku: 'A',
            price: 1e308,
            stock: 9_007_199_254_740_991,
            onSale: false,
            released: '2024-02-29',
            img: 'https://cdn.example.com/a.jpg',
            size: 'M',
            gallery: ['http://a.example/1.png'],
          },
        ],
        typed,
        products,
      );
      expect(plain(item?.errors)).toEqual({});
      expect(plain(item?.set)).toEqual({
        image: 'https://cdn.example.com/a.jpg',
        properties: {
          price: 1e308,
          stock: 9_007_199_254_740_991,
          onSale: false,
          releasedAt: '2024-02-29',
          size: 'M',
          gallery: ['http://a.example/1.png'],
        },
      });
    });

    it('when values do not have their types, then each fails under its label', () => {
      const [item] = mapItems(
        [
          {
            sku: 'A',
            price: '12',
            stock: 2 ** 53,
            onSale: 'true',
            released: '2024-02-30',
            img: 'cdn.example.com/a.jpg',
            size: 'XL',
            gallery: 'https://a.example/1.png',
          },
        ],
        typed,
        products,
      );
      expect(plain(item?.errors)).toEqual({
        Price: MESSAGES.expectedNumber,
        Stock: MESSAGES.unsafeInteger,
        'On Sale': MESSAGES.expectedBoolean,
        'Released At': MESSAGES.noSuchDate,
        'Product Image': MESSAGES.expectedUrl,
        Size: 'No such option "XL"; expected one of: S, M, L',
        Gallery: MESSAGES.expectedList,
      });
      expect(plain(item?.set)).toEqual({ properties: {} });
    });

    it('when a single text field gets an array (a path over an array), then it fails', () => {
      const names = funnel([sku, mapping('v.name', { system: 'name' })]);
      const [item] = mapItems([{ sku: 'A', v: [{ name: 'a' }, { name: 'b' }] }], names, products);
      expect(plain(item?.errors)).toEqual({ 'Product Name': MESSAGES.expectedText });
    });
  });

  describe('references', () => {
    const referencing = funnel([
      sku,
      mapping('cats.name', { property: 'categories' }, { optional: true }),
      mapping('brand', { property: 'brand' }, { optional: true }),
    ]);

    it('when reference values are valid, then they are set and listed for checking', () => {
      const [item] = mapItems(
        parse('{"sku":"A","cats":[{"name":"c1"},{"name":"c2"},{"name":"c1"}],"brand":7}'),
        referencing,
        products,
      );
      expect(plain(item?.set.properties)).toEqual({ categories: ['c1', 'c2', 'c1'], brand: '7' });
      expect(item?.references).toEqual([
        {
          label: 'Categories',
          target: { property: 'categories' },
          contentType: 'categories',
          identifiers: ['c1', 'c2'],
        },
        {
          label: 'Brand',
          target: { property: 'brand' },
          contentType: 'brands',
          identifiers: ['7'],
        },
      ]);
    });

    it('when a reference is an operator object, then it fails and nothing is listed', () => {
      const [item] = mapItems(parse('{"sku":"A","brand":{"$gt":""}}'), referencing, products);
      expect(plain(item?.errors)).toEqual({ Brand: MESSAGES.identifierType });
      expect(item?.references).toEqual([]);
    });

    it('when a reference is cleared with null, then nothing is listed', () => {
      const [item] = mapItems([{ sku: 'A', brand: null }], referencing, products);
      expect(item?.unset.properties).toEqual(['brand']);
      expect(item?.references).toEqual([]);
    });

    it('when a generic item has a parent, then it refers to its own content type', () => {
      const tree = funnel(
        [mapping('id', { system: 'identifier' }), mapping('parent', { system: 'parent' })],
        { contentType: 'pages' },
      );
      const [item] = mapItems([{ id: 'child', parent: 5 }], tree, pages());
      expect(item?.set.parent).toBe('5');
      expect(item?.references).toEqual([
        {
          label: 'Parent Identifier',
          target: { system: 'parent' },
          contentType: 'pages',
          identifiers: ['5'],
        },
      ]);
    });
  });

  describe('items that are not objects', () => {
    it.each([
      ['null', null],
      ['an array', [{ sku: 'A' }]],
      ['a string', 'A'],
      ['a number', 1],
    ])('when an item is %s, then it fails whole under [i]', (_name, value) => {
      const [, item] = mapItems([{ sku: 'ok' }, value], funnel([sku, title]), products);
      expect(item?.key).toBe('[1]');
      expect(plain(item?.errors)).toEqual({ Item: MESSAGES.notAnObject });
    });
  });

  describe('prototype keys', () => {
    it('when the body and the content type use __proto__ and constructor, then all stay own', () => {
      const odd = contentType({
        properties: [
          { key: 'constructor', label: '__proto__', type: 'text', multiple: false },
          { key: 'toString', label: 'constructor', type: 'number', multiple: false },
        ],
      });
      const oddFunnel = funnel([
        mapping('__proto__.sku', { system: 'identifier' }),
        mapping('constructor', { property: 'constructor' }),
        mapping('__proto__.n', { property: 'toString' }),
      ]);
      const [good, bad] = mapItems(
        parse(
          '[{"__proto__":{"sku":"__proto__","n":1},"constructor":"c"},' +
            '{"__proto__":{"sku":"constructor","n":"x"},"constructor":5}]',
        ),
        oddFunnel,
        odd,
      );
      expect(good?.key).toBe('__proto__');
      expect(Object.entries(good?.set.properties ?? {})).toEqual([
        ['constructor', 'c'],
        ['toString', 1],
      ]);
      expect(Object.keys(good?.errors ?? { x: 1 })).toEqual([]);
      expect(bad?.key).toBe('constructor');
      expect(Object.entries(bad?.errors ?? {})).toEqual([
        ['__proto__', MESSAGES.expectedText],
        ['constructor', MESSAGES.expectedNumber],
      ]);
      expect(JSON.parse(JSON.stringify(bad?.errors))).toEqual({
        ['__proto__']: MESSAGES.expectedText,
        constructor: MESSAGES.expectedNumber,
      });
      expect(Object.prototype).not.toHaveProperty('sku');
      expect(Object.getPrototypeOf({})).toBe(Object.prototype);
      expect(({} as { n?: unknown }).n).toBeUndefined();
    });
  });

  describe('labels and targets', () => {
    it('when two fields share a label, then the first error is kept', () => {
      const clash = contentType({
        properties: [
          { key: 'a', label: 'Same', type: 'number', multiple: false },
          { key: 'b', label: 'Same', type: 'boolean', multiple: false },
        ],
      });
      const [item] = mapItems(
        [{ sku: 'A', a: 'x', b: 'y' }],
        funnel([sku, mapping('a', { property: 'a' }), mapping('b', { property: 'b' })]),
        clash,
      );
      expect(plain(item?.errors)).toEqual({ Same: MESSAGES.expectedNumber });
    });

    it('when a mapping names a target the content type lost, then mapping skips it', () => {
      const stale = funnel([sku, mapping('gone', { property: 'gone' })]);
      const [item] = mapItems([{ sku: 'A', gone: 1 }], stale, products);
      expect(plain(item?.errors)).toEqual({});
      expect(plain(item?.set.properties)).toEqual({});
    });
  });
});

describe('identifierMapping and identifierLabel', () => {
  it('when the funnel maps the identifier, then that mapping and its lazy flag are found', () => {
    const lazy = mapping('sku', { system: 'identifier' }, { lazy: true });
    expect(identifierMapping(funnel([title, lazy]))).toEqual(lazy);
    expect(identifierMapping(funnel([title]))).toBeUndefined();
  });

  it('when the kind differs, then the label differs', () => {
    expect(identifierLabel({ kind: 'product' })).toBe('Product Identifier');
    expect(identifierLabel({ kind: 'generic' })).toBe('Identifier');
  });
});

describe('asItemList', () => {
  it('when the body is one object, then it is a list of one; an array stays as it is', () => {
    expect(asItemList({ a: 1 })).toEqual([{ a: 1 }]);
    expect(asItemList([{ a: 1 }, { a: 2 }])).toEqual([{ a: 1 }, { a: 2 }]);
  });
});

describe('dedupeLastWins', () => {
  it('when an identifier comes twice, then the last occurrence wins and is listed once', () => {
    const items = [
      { identifier: 'A', n: 0 },
      { identifier: 'B', n: 1 },
      { identifier: 'A', n: 2 },
    ];
    expect(dedupeLastWins(items)).toEqual([
      { identifier: 'B', n: 1 },
      { identifier: 'A', n: 2 },
    ]);
  });

  it('when items have no identifier, then all of them are kept', () => {
    const items = [{ n: 0 }, { n: 1 }, { identifier: 'A', n: 2 }];
    expect(dedupeLastWins(items)).toEqual(items);
  });

  it('when identifiers differ only in case, then they are different items', () => {
    expect(dedupeLastWins([{ identifier: 'a' }, { identifier: 'A' }])).toHaveLength(2);
  });

  it('when 12 and "12" are sent, then they are the same identifier and the last wins', () => {
    const mapped = mapItems(
      [
        { sku: 12, title: 'first' },
        { sku: '12', title: 'second' },
      ],
      funnel([sku, title]),
      products,
    );
    const kept = dedupeLastWins(mapped);
    expect(kept.map((item) => [item.index, item.key, item.set.name])).toEqual([
      [1, '12', 'second'],
    ]);
  });

  it('when the first occurrence failed and the last is valid, then the item is valid', () => {
    const mapped = mapItems(
      [
        { sku: 'A', title: 5 },
        { sku: 'A', title: 'ok' },
      ],
      funnel([sku, title]),
      products,
    );
    const kept = dedupeLastWins(mapped);
    expect(kept).toHaveLength(1);
    expect(plain(kept[0]?.errors)).toEqual({});
  });
});

/**
 * Values (docs/api-behaviour.md#item-rules): every property type with a good and a bad value,
 * lists, optional values missing, null or "", upserts that leave unmapped fields alone, source
 * paths into nested objects and arrays, numeric identifiers, and one identifier sent twice.
 */
import { identifiers, startPipeline, type Pipeline } from './pipeline-fixture';

const PROPERTIES = [
  { key: 'color', label: 'Color', type: 'text' },
  { key: 'price', label: 'Price', type: 'number' },
  { key: 'stock', label: 'Stock', type: 'integer' },
  { key: 'onSale', label: 'On Sale', type: 'boolean' },
  { key: 'releasedAt', label: 'Released At', type: 'date' },
  { key: 'manual', label: 'Manual', type: 'media' },
  { key: 'gallery', label: 'Gallery', type: 'media', multiple: true },
  { key: 'size', label: 'Size', type: 'enum', options: ['S', 'M', 'L'] },
  { key: 'tags', label: 'Tags', type: 'text', multiple: true },
];

describe('values of items', () => {
  let p: Pipeline;
  let brands: string;
  /** A partial-validation funnel mapping every property, optional, from a key of the same name. */
  let all: { url: string; contentType: string };

  beforeAll(async () => {
    p = await startPipeline('values');
    const brandFunnel = await p.scenario({ kind: 'generic', properties: [] });
    brands = brandFunnel.contentType;
    expect((await p.post(brandFunnel.url, { sku: 'nike', name: 'Nike' })).status).toBe(200);
    const properties = [
      ...PROPERTIES,
      { key: 'brand', label: 'Brand', type: 'reference', contentType: brands },
    ];
    all = await p.scenario({
      properties,
      partialValidation: true,
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' }, optional: true },
        { source: 'picture', target: { system: 'image' }, optional: true },
        ...properties.map(({ key }) => ({
          source: key,
          target: { property: key },
          optional: true,
        })),
      ],
    });
  });
  afterAll(() => p.close());

  const DATE =
    'Expected an ISO 8601 date (2024-01-31) or date-time with a time zone (2024-01-31T09:30:00Z)';
  const NO_DATE = 'No such date or time in the calendar';
  const NOT_URL = 'Expected an absolute http or https URL';
  const PUMA = 'No item with identifier "puma" exists in content type "BRANDS"';
  it.each([
    ['text', 'color', 'red', 12, 'Color', 'Expected a string'],
    ['number', 'price', 12.5, '12', 'Price', 'Expected a number'],
    ['integer', 'stock', 3, 3.5, 'Stock', 'Expected an integer'],
    ['boolean', 'onSale', false, 'true', 'On Sale', 'Expected true or false'],
    ['date', 'releasedAt', '2024-01-31T09:30:00Z', '31.01.2024', 'Released At', DATE],
    ['date', 'releasedAt', '2024-02-29', '2023-02-29', 'Released At', NO_DATE],
    ['media', 'manual', 'https://x.example/m.pdf', 'x.example/m.pdf', 'Manual', NOT_URL],
    ['reference', 'brand', 'nike', 'puma', 'Brand', PUMA],
    ['enum', 'size', 'M', 'XL', 'Size', 'No such option "XL"; expected one of: S, M, L'],
  ])(
    'when the %s property %s gets %p it is stored, and when it gets %p the item fails under its label',
    async (_type, key, good, bad, label, message) => {
      const ok = `${key}-ok-${String(good)}`;
      const ko = `${key}-ko-${String(bad)}`;
      const response = await p.post(all.url, [
        { sku: ok, [key]: good },
        { sku: ko, [key]: bad },
      ]);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: 'success',
        message: '1 of 2 items was imported; 1 failed validation',
        errors: { [ko]: { [label]: message.replace('BRANDS', brands) } },
        data: { successIds: [ok] },
      });
      expect((await p.item(all.contentType, ok))?.properties).toEqual({ [key]: good });
      expect(await p.item(all.contentType, ko)).toBeNull();
    },
  );

  it('when a multiple value is a list of good values it is stored, and otherwise the item fails', async () => {
    const gallery = ['https://cdn.example.com/1.png', 'http://cdn.example.com/2.png'];
    const response = await p.post(all.url, [
      { sku: 'm-1', gallery, tags: ['new', 'sale'] },
      { sku: 'm-2', gallery: 'https://cdn.example.com/1.png' },
      { sku: 'm-3', gallery: ['https://cdn.example.com/1.png', 'nope'] },
      { sku: 'm-4', tags: ['ok', 7] },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '1 of 4 items was imported; 3 failed validation',
      errors: {
        'm-2': { Gallery: 'Expected an array' },
        'm-3': { Gallery: 'At [1]: Expected an absolute http or https URL' },
        'm-4': { Tags: 'At [1]: Expected a string' },
      },
      data: { successIds: ['m-1'] },
    });
    expect((await p.item(all.contentType, 'm-1'))?.properties).toEqual({
      gallery,
      tags: ['new', 'sale'],
    });
  });

  it('when an optional value is missing it is kept, and when it is null or "" it is cleared', async () => {
    const seeded = await p.post(all.url, {
      sku: 'o-1',
      title: 'Shoe',
      picture: 'https://cdn.example.com/shoe.png',
      color: 'red',
      price: 10,
      stock: 4,
    });
    expect(seeded.status).toBe(200);

    const response = await p.post(all.url, { sku: 'o-1', picture: null, price: null, stock: '' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '1 item was imported' });
    expect(await p.item(all.contentType, 'o-1')).toMatchObject({
      identifier: 'o-1',
      name: 'Shoe',
      image: null,
      properties: { color: 'red' },
    });
    expect((await p.item(all.contentType, 'o-1'))?.properties).toEqual({ color: 'red' });
  });

  it('when an item is upserted, then the fields its funnel does not map stay as stored', async () => {
    const { url: colors, contentType } = await p.scenario({
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
        { source: 'color', target: { property: 'color' } },
      ],
    });
    const { url: prices } = await p.scenario({
      contentType,
      mappings: [
        { source: 'code', target: { system: 'identifier' } },
        { source: 'amount', target: { property: 'price' } },
      ],
    });
    expect((await p.post(colors, { sku: 'u-1', title: 'Shoe', color: 'red' })).status).toBe(200);
    const created = await p.item(contentType, 'u-1');

    const response = await p.post(prices, { code: 'u-1', amount: 99, title: 'ignored' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '1 item was imported' });
    const updated = await p.item(contentType, 'u-1');
    expect(updated).toEqual({
      identifier: 'u-1',
      name: 'Shoe',
      image: null,
      parent: null,
      properties: { color: 'red', price: 99 },
      createdAt: created?.createdAt,
      updatedAt: expect.any(String),
      version: 2,
      // The second funnel wrote it last.
      lastWrite: expect.objectContaining({ endpointUrl: prices }),
    });
    expect(Date.parse(updated?.updatedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(created?.updatedAt ?? ''),
    );
  });

  it('when sources are paths into nested objects and arrays, then the addressed values are stored', async () => {
    const { url, contentType } = await p.scenario({
      properties: PROPERTIES,
      mappings: [
        { source: 'product.sku', target: { system: 'identifier' } },
        { source: 'product.names.0', target: { system: 'name' } },
        { source: 'images.0.url', target: { system: 'image' } },
        { source: 'attrs.color', target: { property: 'color' } },
        { source: 'categories.name', target: { property: 'tags' } },
        { source: 'attrs.size', target: { property: 'size' }, optional: true },
      ],
    });
    const response = await p.post(url, [
      {
        product: { sku: 'n-1', names: ['Shoe', 'Schuh'] },
        images: [
          { url: 'https://cdn.example.com/1.png' },
          { url: 'https://cdn.example.com/2.png' },
        ],
        attrs: { color: 'red', weight: 3 },
        categories: [{ name: 'shoes' }, { name: 'sale' }],
        unmapped: { anything: true },
      },
      {
        product: { sku: 'n-2', names: [] },
        images: [],
        attrs: { color: { hex: '#f00' } },
        categories: { name: 'single' },
      },
    ]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message:
        'Validation failed for 1 of 2 items; the 1 valid item was not written, as partial validation is off (it would have written it)',
      errors: {
        'n-2': {
          'Product Name': 'This field is required',
          'Product Image': 'This field is required',
          Color: 'Expected a string',
          Tags: 'Expected an array',
        },
      },
    });

    const fixed = await p.post(url, [
      {
        product: { sku: 'n-1', names: ['Shoe', 'Schuh'] },
        images: [
          { url: 'https://cdn.example.com/1.png' },
          { url: 'https://cdn.example.com/2.png' },
        ],
        attrs: { color: 'red', weight: 3 },
        categories: [{ name: 'shoes' }, { name: 'sale' }],
        unmapped: { anything: true },
      },
    ]);
    expect(fixed.status).toBe(200);
    expect(await p.item(contentType, 'n-1')).toMatchObject({
      name: 'Shoe',
      image: 'https://cdn.example.com/1.png',
      properties: { color: 'red', tags: ['shoes', 'sale'] },
    });
    expect((await p.item(contentType, 'n-1'))?.properties).toEqual({
      color: 'red',
      tags: ['shoes', 'sale'],
    });
  });

  it('when an identifier is a number, then it is stored and reported as its decimal string', async () => {
    const { url, contentType } = await p.scenario({ partialValidation: true });
    const response = await p.post(url, [
      { sku: 12, title: 'Twelve' },
      { sku: 0, title: 'Zero' },
      { sku: 13 },
      { sku: 1.5, title: 'Fraction' },
      { sku: 'x'.repeat(257), title: 'Long' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '2 of 5 items were imported; 3 failed validation',
      errors: {
        '13': { 'Product Name': 'This field is required' },
        '[3]': { 'Product Identifier': 'Expected an identifier: a non-empty string or an integer' },
        '[4]': { 'Product Identifier': 'The identifier is longer than 256 characters' },
      },
      data: { successIds: ['12', '0'] },
    });
    expect(identifiers(await p.items(contentType))).toEqual(['0', '12']);
    expect(await p.item(contentType, '12')).toMatchObject({ identifier: '12', name: 'Twelve' });
  });

  it('when one identifier is sent twice, then the last occurrence wins and it is listed once', async () => {
    const { url, contentType } = await p.scenario({ partialValidation: true });
    const response = await p.post(url, [
      { sku: 'd-1', title: 'first' },
      { sku: 'd-2' },
      { sku: 12, title: 'number' },
      { sku: 'd-1', title: 'last' },
      { sku: 'd-2', title: 'fixed' },
      { sku: 'd-3', title: 'fine' },
      { sku: 'd-3' },
      { sku: '12', title: 'string' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '3 of 4 items were imported; 1 failed validation',
      errors: { 'd-3': { 'Product Name': 'This field is required' } },
      data: { successIds: ['d-1', 'd-2', '12'] },
    });
    expect((await p.items(contentType)).map(({ identifier, name }) => [identifier, name])).toEqual([
      ['12', 'string'],
      ['d-1', 'last'],
      ['d-2', 'fixed'],
    ]);
  });
});

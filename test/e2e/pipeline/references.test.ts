/**
 * References (rule 7, docs/api-behaviour.md#references): a reference names an item of the
 * referenced content type that exists, or that the same request imports (in partial mode, only a
 * valid one); an item is not its own parent.
 */
import { identifiers, startPipeline, type Pipeline } from './pipeline-fixture';

describe('references between items', () => {
  let p: Pipeline;
  /** A generic content type with items nike, adidas and 12, and its funnel. */
  let brands: string;
  let categories: string;

  beforeAll(async () => {
    p = await startPipeline('references');
    const brandFunnel = await p.scenario({ kind: 'generic', properties: [] });
    brands = brandFunnel.contentType;
    const seededBrands = await p.post(brandFunnel.url, [
      { sku: 'nike', name: 'Nike' },
      { sku: 'adidas', name: 'Adidas' },
      { sku: 12, name: 'Twelve' },
    ]);
    expect(seededBrands.status).toBe(200);
    const categoryFunnel = await p.scenario({ kind: 'generic', properties: [] });
    categories = categoryFunnel.contentType;
    const seededCategories = await p.post(categoryFunnel.url, [
      { sku: 'shoes', name: 'Shoes' },
      { sku: 'sale', name: 'Sale' },
    ]);
    expect(seededCategories.status).toBe(200);
  });
  afterAll(() => p.close());

  /** A product funnel mapping `brand` (single) and `cats` (multiple). */
  const productFunnel = (partialValidation = false) =>
    p.scenario({
      partialValidation,
      properties: [
        { key: 'brand', label: 'Brand', type: 'reference', contentType: brands },
        {
          key: 'categories',
          label: 'Categories',
          type: 'reference',
          contentType: categories,
          multiple: true,
        },
      ],
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'brand', target: { property: 'brand' }, optional: true },
        { source: 'cats', target: { property: 'categories' }, optional: true },
      ],
    });

  /** A generic content type whose items have a parent of the same type. */
  const treeFunnel = (partialValidation = false) =>
    p.scenario({
      kind: 'generic',
      properties: [],
      partialValidation,
      mappings: [
        { source: 'id', target: { system: 'identifier' } },
        { source: 'name', target: { system: 'name' } },
        { source: 'parent', target: { system: 'parent' }, optional: true },
      ],
    });

  it('when a reference names an existing item, then the item is imported with it', async () => {
    const { url, contentType } = await productFunnel();
    const response = await p.post(url, [
      { sku: 'A-1', brand: 'nike' },
      { sku: 'A-2', brand: 12 },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '2 items were imported' });
    expect(await p.item(contentType, 'A-1')).toMatchObject({ properties: { brand: 'nike' } });
    expect(await p.item(contentType, 'A-2')).toMatchObject({ properties: { brand: '12' } });
  });

  it('when a reference names an item the same request imports, then both are imported, in any order', async () => {
    const { url, contentType } = await treeFunnel();
    const response = await p.post(url, [
      { id: 'leaf', name: 'Leaf', parent: 'branch' },
      { id: 'branch', name: 'Branch', parent: 'root' },
      { id: 'root', name: 'Root' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '3 items were imported' });
    expect(
      (await p.items(contentType)).map(({ identifier, parent }) => [identifier, parent]),
    ).toEqual([
      ['branch', 'root'],
      ['leaf', 'branch'],
      ['root', null],
    ]);
  });

  it('when a reference names nothing, then the item fails naming the identifier and content type', async () => {
    const { url, contentType } = await productFunnel();
    const response = await p.post(url, [
      { sku: 'A-1', brand: 'puma' },
      { sku: 'A-2', brand: 'Nike' },
    ]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 2 of 2 items',
      errors: {
        'A-1': { Brand: `No item with identifier "puma" exists in content type "${brands}"` },
        'A-2': { Brand: `No item with identifier "Nike" exists in content type "${brands}"` },
      },
    });
    expect(await p.items(contentType)).toEqual([]);
  });

  it('when a reference names an item of another tenant, then it matches nothing', async () => {
    const { token: stranger } = await p.api.bootstrap('globex');
    const put = await p.api.call('PUT', `/api/v1/settings/content-types/${brands}`, {
      token: stranger,
      body: { name: 'Brands', kind: 'generic' },
    });
    expect(put.status).toBe(201);
    const funnel = await p.api.call('POST', '/api/v1/settings/funnels', {
      token: stranger,
      body: {
        contentType: brands,
        name: 'Globex brands',
        endpointUrl: 'globex-brands',
        mappings: [{ source: 'sku', target: { system: 'identifier' } }],
      },
    });
    expect(funnel.status).toBe(201);
    const theirs = await p.post('globex-brands', { sku: 'puma' }, { token: stranger });
    expect(theirs.status).toBe(200);

    const { url } = await productFunnel();
    const response = await p.post(url, { sku: 'A-1', brand: 'puma' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 1 of 1 item',
      errors: {
        'A-1': { Brand: `No item with identifier "puma" exists in content type "${brands}"` },
      },
    });
  });

  it('when a multiple reference names existing items, then they are stored as a list', async () => {
    const { url, contentType } = await productFunnel();
    const response = await p.post(url, { sku: 'A-1', cats: ['shoes', 'sale'] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '1 item was imported' });
    expect(await p.item(contentType, 'A-1')).toMatchObject({
      properties: { categories: ['shoes', 'sale'] },
    });
  });

  it('when a multiple reference has missing or malformed elements, then the item fails saying which', async () => {
    const { url, contentType } = await productFunnel();
    const response = await p.post(url, [
      { sku: 'A-1', cats: ['shoes', 'boots', 'hats'] },
      { sku: 'A-2', cats: 'shoes' },
      { sku: 'A-3', cats: ['shoes', { $gt: '' }] },
    ]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 3 of 3 items',
      errors: {
        'A-1': {
          Categories: `No items with identifiers "boots", "hats" exist in content type "${categories}"`,
        },
        'A-2': { Categories: 'Expected an array' },
        'A-3': {
          Categories: 'At [1]: Expected an identifier: a non-empty string or an integer',
        },
      },
    });
    expect(await p.items(contentType)).toEqual([]);
  });

  it("when a generic item's parent is itself, then it fails as its own parent", async () => {
    const { url, contentType } = await treeFunnel();
    const response = await p.post(url, [{ id: 'root', name: 'Root', parent: 'root' }]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 1 of 1 item',
      errors: { root: { 'Parent Identifier': 'An item cannot be its own parent' } },
    });
    expect(await p.items(contentType)).toEqual([]);
  });

  it('when a stored generic item is sent with itself as parent, then it fails and keeps its parent', async () => {
    const { url, contentType } = await treeFunnel();
    const seeded = await p.post(url, [
      { id: 'root', name: 'Root' },
      { id: 'leaf', name: 'Leaf', parent: 'root' },
    ]);
    expect(seeded.status).toBe(200);
    const response = await p.post(url, { id: 'leaf', name: 'Leaf', parent: 'leaf' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 1 of 1 item',
      errors: { leaf: { 'Parent Identifier': 'An item cannot be its own parent' } },
    });
    expect(await p.item(contentType, 'leaf')).toMatchObject({ parent: 'root' });
  });

  it('when partial validation is on and a reference names an item of the request that failed, then the referrer fails too', async () => {
    const { url, contentType } = await treeFunnel(true);
    const response = await p.post(url, [
      { id: 'root' },
      { id: 'branch', name: 'Branch', parent: 'root' },
      { id: 'leaf', name: 'Leaf', parent: 'branch' },
      { id: 'other', name: 'Other' },
      { id: 'sibling', name: 'Sibling', parent: 'other' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '2 of 5 items were imported; 3 failed validation',
      errors: {
        root: { Name: 'This field is required' },
        branch: { 'Parent Identifier': 'The referenced item "root" failed validation' },
        leaf: { 'Parent Identifier': 'The referenced item "branch" failed validation' },
      },
      data: { successIds: ['other', 'sibling'] },
    });
    expect(identifiers(await p.items(contentType))).toEqual(['other', 'sibling']);
  });

  it('when partial validation is on and a referenced item of the request is valid, then both are imported', async () => {
    const tree = await treeFunnel(true);
    const response = await p.post(tree.url, [
      { id: 'child', name: 'Child', parent: 'mother' },
      { id: 'mother', name: 'Mother' },
      { id: 'orphan', name: 'Orphan', parent: 'nobody' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '2 of 3 items were imported; 1 failed validation',
      errors: {
        orphan: {
          'Parent Identifier': `No item with identifier "nobody" exists in content type "${tree.contentType}"`,
        },
      },
      data: { successIds: ['child', 'mother'] },
    });
    expect(identifiers(await p.items(tree.contentType))).toEqual(['child', 'mother']);
  });
});

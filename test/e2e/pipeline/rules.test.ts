/**
 * Rules 1 to 10 of a funnel request (docs/api-behaviour.md#the-rules-by-number), one behaviour
 * each, through HTTP against a real worker process, Redis and the MongoDB-compatible store.
 */
import { identifiers, startPipeline, type Pipeline } from './pipeline-fixture';

const emptyBody = {
  status: 'error',
  message: 'The request body is empty',
  errors: { _request: { Body: 'The request body is empty' } },
};

describe('sending data: rules 1 to 10', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('rules');
  });
  afterAll(() => p.close());

  describe('rule 1: an empty body fails validation', () => {
    it('when the body is absent, then 422 with _request.Body', async () => {
      const { url, contentType } = await p.scenario();
      const response = await p.send('POST', url);
      expect(response.status).toBe(422);
      expect(response.body).toEqual(emptyBody);
      expect(await p.items(contentType)).toEqual([]);
    });

    it('when the body is only white space, then 422 with _request.Body', async () => {
      const { url } = await p.scenario();
      const response = await p.send('POST', url, {
        rawBody: ' \n\t ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(emptyBody);
    });

    it('when the body is null, then 422 with _request.Body', async () => {
      const { url } = await p.scenario();
      const response = await p.post(url, null);
      expect(response.status).toBe(422);
      expect(response.body).toEqual(emptyBody);
    });

    it('when the body is an empty array, then 422 with _request.Body', async () => {
      const { url } = await p.scenario();
      const response = await p.post(url, []);
      expect(response.status).toBe(422);
      expect(response.body).toEqual(emptyBody);
    });
  });

  it('rule 2: when the funnel is inactive, then 422 with _request.Funnel and nothing is stored', async () => {
    const { url, contentType } = await p.scenario({ active: false });
    const response = await p.post(url, { sku: 'A-1', title: 'Shoe' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'The funnel is inactive',
      errors: { _request: { Funnel: 'The funnel is inactive' } },
    });
    expect(await p.items(contentType)).toEqual([]);
  });

  it("rule 3: when the identifier is not mapped, then 422 under the kind's identifier label", async () => {
    const product = await p.scenario({
      mappings: [{ source: 'title', target: { system: 'name' } }],
    });
    const generic = await p.scenario({
      kind: 'generic',
      properties: [],
      mappings: [{ source: 'name', target: { system: 'name' } }],
    });

    const onProduct = await p.post(product.url, { sku: 'A-1', title: 'Shoe' });
    expect(onProduct.status).toBe(422);
    expect(onProduct.body).toEqual({
      status: 'error',
      message: 'The identifier field is not mapped',
      errors: { _request: { 'Product Identifier': 'The identifier field is not mapped' } },
    });
    const onGeneric = await p.post(generic.url, [{ name: 'Home' }]);
    expect(onGeneric.status).toBe(422);
    expect(onGeneric.body).toEqual({
      status: 'error',
      message: 'The identifier field is not mapped',
      errors: { _request: { Identifier: 'The identifier field is not mapped' } },
    });
    expect(await p.items(product.contentType)).toEqual([]);
  });

  it('rule 4: when a required value is missing, null or "", then that item fails under its label', async () => {
    const { url, contentType } = await p.scenario();
    const response = await p.post(url, [
      { sku: 'A-1' },
      { sku: 'A-2', title: null },
      { sku: 'A-3', title: '' },
      { title: 'No identifier' },
      { sku: '', title: 'Empty identifier' },
    ]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 5 of 5 items',
      errors: {
        'A-1': { 'Product Name': 'This field is required' },
        'A-2': { 'Product Name': 'This field is required' },
        'A-3': { 'Product Name': 'This field is required' },
        '[3]': { 'Product Identifier': 'This field is required' },
        '[4]': { 'Product Identifier': 'This field is required' },
      },
    });
    expect(await p.items(contentType)).toEqual([]);
  });

  it('rule 5: when a value does not have its property type ("12" for a number), then that item fails', async () => {
    const { url, contentType } = await p.scenario({
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'price', target: { property: 'price' } },
      ],
    });
    const response = await p.post(url, { sku: 'A-1', price: '12' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 1 of 1 item',
      errors: { 'A-1': { Price: 'Expected a number' } },
    });
    expect(await p.items(contentType)).toEqual([]);
  });

  it('rule 6: when a media value is not a URL, then that item fails under the media label', async () => {
    const { url, contentType } = await p.scenario({
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'picture', target: { system: 'image' } },
      ],
    });
    const response = await p.post(url, [
      { sku: 'A-1', picture: 'shoe.png' },
      { sku: 'A-2', picture: 'ftp://cdn.example.com/shoe.png' },
      { sku: 'A-3', picture: 'https://cdn.example.com/shoe.png' },
    ]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message:
        'Validation failed for 2 of 3 items; the 1 valid item was not written, as partial validation is off (it would have written it)',
      errors: {
        'A-1': { 'Product Image': 'Expected an absolute http or https URL' },
        'A-2': { 'Product Image': 'Expected an absolute http or https URL' },
      },
    });
    expect(await p.items(contentType)).toEqual([]);
  });

  it('rule 7: when a reference value matches no existing item, then that item fails', async () => {
    const brands = p.fresh('brands');
    await p.putContentType(brands, { name: 'Brands', kind: 'generic' });
    const { url, contentType } = await p.scenario({
      properties: [{ key: 'brand', label: 'Brand', type: 'reference', contentType: brands }],
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'brand', target: { property: 'brand' } },
      ],
    });
    const response = await p.post(url, { sku: 'A-1', brand: 'nike' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 1 of 1 item',
      errors: {
        'A-1': { Brand: `No item with identifier "nike" exists in content type "${brands}"` },
      },
    });
    expect(await p.items(contentType)).toEqual([]);
  });

  it('rule 8: when partial validation is off and one item fails, then 422 and the store is exactly as before', async () => {
    const { url } = await p.scenario();
    const seeded = await p.post(url, [
      { sku: 'A-1', title: 'Old shoe' },
      { sku: 'A-2', title: 'Old boot' },
    ]);
    expect(seeded.status).toBe(200);
    const before = await p.store();

    const response = await p.post(url, [
      { sku: 'A-1', title: 'New shoe' },
      { sku: 'A-2' },
      { sku: 'A-3', title: 'Sandal' },
    ]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message:
        'Validation failed for 1 of 3 items; the 2 valid items were not written, as partial validation is off (it would have written them)',
      errors: { 'A-2': { 'Product Name': 'This field is required' } },
    });
    expect(await p.store()).toEqual(before);
  });

  it('rule 9: when partial validation is on and some items fail, then 200 with errors and data.successIds', async () => {
    const { url, contentType } = await p.scenario({ partialValidation: true });
    const response = await p.post(url, [
      { sku: 'A-1', title: 'Shoe' },
      { sku: 'A-2', title: 42 },
      { sku: 'A-3', title: 'Boot' },
      { sku: 'A-4' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '2 of 4 items were imported; 2 failed validation',
      errors: {
        'A-2': { 'Product Name': 'Expected a string' },
        'A-4': { 'Product Name': 'This field is required' },
      },
      data: { successIds: ['A-1', 'A-3'] },
    });
    expect(identifiers(await p.items(contentType))).toEqual(['A-1', 'A-3']);
    expect(await p.item(contentType, 'A-3')).toMatchObject({ name: 'Boot' });
  });

  it('rule 9: when partial validation is on and every item fails, then 422 and nothing is imported', async () => {
    const { url, contentType } = await p.scenario({ partialValidation: true });
    const before = await p.store();
    const response = await p.post(url, [{ sku: 'A-1' }, { sku: 'A-2', title: ['Boot'] }]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 2 of 2 items',
      errors: {
        'A-1': { 'Product Name': 'This field is required' },
        'A-2': { 'Product Name': 'Expected a string' },
      },
    });
    expect(await p.items(contentType)).toEqual([]);
    expect(await p.store()).toEqual(before);
  });

  it('rule 10: when every item is accepted, then 200 "N items were imported" with no errors', async () => {
    const { url, contentType } = await p.scenario();
    const response = await p.post(url, [
      { sku: 'A-1', title: 'Shoe' },
      { sku: 'A-2', title: 'Boot' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '2 items were imported' });
    expect(await p.items(contentType)).toEqual([
      expect.objectContaining({ identifier: 'A-1', name: 'Shoe' }),
      expect.objectContaining({ identifier: 'A-2', name: 'Boot' }),
    ]);

    const single = await p.post(url, { sku: 'A-3', title: 'Sandal' });
    expect(single.status).toBe(200);
    expect(single.body).toEqual({ status: 'success', message: '1 item was imported' });
  });

  it('rule 10: when a partial-validation funnel accepts every item, then the answer is the plain success', async () => {
    const { url } = await p.scenario({ partialValidation: true });
    const response = await p.post(url, [{ sku: 'A-1', title: 'Shoe' }]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '1 item was imported' });
  });
});

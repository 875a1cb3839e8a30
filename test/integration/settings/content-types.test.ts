import { startTestApi, type TestApi } from '../../support/api-harness';

const products = {
  name: 'Products',
  kind: 'product',
  properties: [
    { key: 'color', label: 'Color', type: 'text' },
    { key: 'price', label: 'Price', type: 'number' },
    { key: 'size', label: 'Size', type: 'enum', options: ['S', 'M', 'L'] },
  ],
};

describe('settings: content types', () => {
  let api: TestApi;
  let owner: string;
  let stranger: string;

  const put = (key: string, body: unknown, token = owner) =>
    api.call('PUT', `/api/v1/settings/content-types/${key}`, { token, body });
  const errorKeys = (body: Record<string, unknown>) => Object.keys(body.errors as object).sort();

  beforeAll(async () => {
    api = await startTestApi('content-types');
    ({ token: owner } = await api.bootstrap('acme'));
    ({ token: stranger } = await api.bootstrap('globex'));
  });
  afterAll(() => api.close());

  it('when a content type is put for the first time, then 201, and again, then 200 with the change', async () => {
    const created = await put('shoes', products);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      key: 'shoes',
      name: 'Products',
      kind: 'product',
      properties: [{ key: 'color', type: 'text', multiple: false }, {}, {}],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const replaced = await put('shoes', { ...products, name: 'Shoes', properties: [] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.createdAt).toBe(created.body.createdAt);

    const read = await api.call('GET', '/api/v1/settings/content-types/shoes', { token: owner });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ key: 'shoes', name: 'Shoes', properties: [] });
  });

  it('when content types exist, then the list holds them all', async () => {
    await put('listed', { name: 'Listed' });
    const listed = await api.call<{ items: { key: string; kind: string }[]; nextCursor: null }>(
      'GET',
      '/api/v1/settings/content-types',
      { token: owner },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.nextCursor).toBeNull();
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ key: 'listed', kind: 'generic' }),
    );
  });

  it('when the key is not a valid key, then 422 names `key`', async () => {
    const response = await put('Bad%20Key', products);
    expect(response.status).toBe(422);
    expect(errorKeys(response.body)).toEqual(['key']);
  });

  it('when a property has an unknown type, then 422 names its type', async () => {
    const response = await put('paints', {
      name: 'Paints',
      properties: [{ key: 'shade', label: 'Shade', type: 'colour' }],
    });
    expect(response.status).toBe(422);
    expect(errorKeys(response.body)).toEqual(['properties.0.type']);
  });

  it('when an enum property has no options, then 422 names its options', async () => {
    const response = await put('sizes', {
      name: 'Sizes',
      properties: [{ key: 'size', label: 'Size', type: 'enum', options: [] }],
    });
    expect(response.status).toBe(422);
    expect(errorKeys(response.body)).toEqual(['properties.0.options']);
  });

  it('when a reference names a missing content type, then 422 names its contentType', async () => {
    const response = await put('articles', {
      name: 'Articles',
      properties: [
        { key: 'self', label: 'Related', type: 'reference', contentType: 'articles' },
        { key: 'author', label: 'Author', type: 'reference', contentType: 'nobody' },
      ],
    });
    expect(response.status).toBe(422);
    expect(errorKeys(response.body)).toEqual(['properties.1.contentType']);
  });

  it('when a reference names itself or an existing content type, then it is saved', async () => {
    await put('authors', { name: 'Authors' });
    const response = await put('posts', {
      name: 'Posts',
      properties: [
        { key: 'related', label: 'Related', type: 'reference', contentType: 'posts' },
        { key: 'author', label: 'Author', type: 'reference', contentType: 'authors' },
      ],
    });
    expect(response.status).toBe(201);
  });

  it('when another tenant asks for a content type, then 404 as if it did not exist', async () => {
    await put('private', { name: 'Private' });
    const path = '/api/v1/settings/content-types/private';
    expect((await api.call('GET', path, { token: stranger })).status).toBe(404);
    expect((await api.call('DELETE', path, { token: stranger })).status).toBe(404);
    const list = await api.call<{ items: unknown[] }>('GET', '/api/v1/settings/content-types', {
      token: stranger,
    });
    expect(list.body.items).toEqual([]);
    expect((await api.call('GET', path, { token: owner })).status).toBe(200);
  });

  it('when an unused content type is deleted, then 204 and it is gone', async () => {
    await put('doomed', { name: 'Doomed' });
    const path = '/api/v1/settings/content-types/doomed';
    expect((await api.call('DELETE', path, { token: owner })).status).toBe(204);
    expect((await api.call('GET', path, { token: owner })).status).toBe(404);
    expect((await api.call('DELETE', path, { token: owner })).status).toBe(404);
  });

  it('when a funnel uses the content type, then deleting it is 409 naming the funnel', async () => {
    await put('gadgets', products);
    await api.call('POST', '/api/v1/settings/funnels', {
      token: owner,
      body: { contentType: 'gadgets', name: 'ERP', endpointUrl: 'erp-gadgets' },
    });
    const response = await api.call('DELETE', '/api/v1/settings/content-types/gadgets', {
      token: owner,
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ funnels: ['erp-gadgets'], contentTypes: [] });
    expect(response.body.message).toContain('erp-gadgets');
  });

  it('when another content type references it, then deleting it is 409 naming that one', async () => {
    await put('brands', { name: 'Brands' });
    await put('watches', {
      name: 'Watches',
      properties: [{ key: 'brand', label: 'Brand', type: 'reference', contentType: 'brands' }],
    });
    const response = await api.call('DELETE', '/api/v1/settings/content-types/brands', {
      token: owner,
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ funnels: [], contentTypes: ['watches'] });
  });

  it('when a replacement drops a property a funnel maps, then 409 names the funnel', async () => {
    await put('lamps', products);
    await api.call('POST', '/api/v1/settings/funnels', {
      token: owner,
      body: {
        contentType: 'lamps',
        name: 'Lamps',
        endpointUrl: 'lamps-feed',
        mappings: [{ source: 'c', target: { property: 'color' } }],
      },
    });
    const response = await put('lamps', { ...products, properties: [] });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ funnels: ['lamps-feed'] });
    const kept = await put('lamps', { ...products, name: 'Lamps' });
    expect(kept.status).toBe(200);
  });
});

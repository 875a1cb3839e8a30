import { startTestApi, type TestApi } from '../../support/api-harness';

const FUNNELS = '/api/v1/settings/funnels';

const erpProducts = {
  contentType: 'products',
  name: 'ERP products',
  endpointUrl: 'erp-products',
  description: 'Nightly ERP sync',
  requestData: { sku: 'A-1', title: 'Shoe', attrs: { color: 'red' } },
  mappings: [
    { source: 'sku', target: { system: 'identifier' }, lazy: true },
    { source: 'title', target: { system: 'name' } },
    { source: 'attrs.color', target: { property: 'color' }, optional: true },
  ],
};

describe('settings: funnels', () => {
  let api: TestApi;
  let owner: string;
  let stranger: string;

  const post = (body: unknown, token = owner) => api.call('POST', FUNNELS, { token, body });
  const errorKeys = (body: Record<string, unknown>) => Object.keys(body.errors as object).sort();
  const withUrl = (endpointUrl: string, changes: Record<string, unknown> = {}) => ({
    ...erpProducts,
    endpointUrl,
    ...changes,
  });

  beforeAll(async () => {
    api = await startTestApi('funnels');
    ({ token: owner } = await api.bootstrap('acme'));
    ({ token: stranger } = await api.bootstrap('globex'));
    for (const token of [owner, stranger]) {
      const response = await api.call('PUT', '/api/v1/settings/content-types/products', {
        token,
        body: {
          name: 'Products',
          kind: 'product',
          properties: [
            { key: 'color', label: 'Color', type: 'text' },
            { key: 'price', label: 'Price', type: 'number' },
          ],
        },
      });
      expect(response.status).toBe(201);
    }
  });
  afterAll(() => api.close());

  it('when a sound funnel is posted, then 201 answers it with defaults and ISO dates', async () => {
    const response = await post(erpProducts);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      ...erpProducts,
      active: true,
      partialValidation: false,
      mappings: [
        { source: 'sku', lazy: true, optional: false },
        { source: 'title', lazy: false, optional: false },
        { source: 'attrs.color', lazy: false, optional: true },
      ],
    });
    expect(new Date(response.body.createdAt as string).toISOString()).toBe(response.body.createdAt);
    const listed = await api.call<{ items: { endpointUrl: string }[]; nextCursor: null }>(
      'GET',
      FUNNELS,
      { token: owner },
    );
    expect(listed.body.nextCursor).toBeNull();
    expect(listed.body.items.map((funnel) => funnel.endpointUrl)).toContain('erp-products');
  });

  it('when the endpoint URL is already used in the tenant, then 409 names endpointUrl', async () => {
    await post(withUrl('twice'));
    const again = await post(withUrl('twice'));
    expect(again.status).toBe(409);
    expect(errorKeys(again.body)).toEqual(['endpointUrl']);
  });

  it('when another tenant uses the same endpoint URL, then it is its own funnel', async () => {
    const response = await post(withUrl('erp-products'), stranger);
    expect(response.status).toBe(201);
  });

  it('when the endpoint URL is not a slug, then 422 names endpointUrl', async () => {
    const response = await post(withUrl('ERP Products!'));
    expect(response.status).toBe(422);
    expect(errorKeys(response.body)).toEqual(['endpointUrl']);
  });

  it('when a mapping names a target the content type lacks, then 422 names that target', async () => {
    const response = await post(
      withUrl('unknown-target', {
        mappings: [
          { source: 'sku', target: { system: 'identifier' } },
          { source: 'p', target: { system: 'parent' } },
          { source: 'w', target: { property: 'weight' } },
        ],
      }),
    );
    expect(response.status).toBe(422);
    expect(errorKeys(response.body)).toEqual(['mappings.1.target', 'mappings.2.target']);
  });

  it('when one target is mapped twice, then 422 names the second mapping', async () => {
    const response = await post(
      withUrl('target-twice', {
        mappings: [
          { source: 'a', target: { property: 'color' } },
          { source: 'b', target: { property: 'color' } },
        ],
      }),
    );
    expect(response.status).toBe(422);
    expect(errorKeys(response.body)).toEqual(['mappings.1.target']);
  });

  it('when a mapping other than the identifier is lazy, then 422 names its lazy flag', async () => {
    const response = await post(
      withUrl('lazy-name', { mappings: [{ source: 't', target: { system: 'name' }, lazy: true }] }),
    );
    expect(response.status).toBe(422);
    expect(errorKeys(response.body)).toEqual(['mappings.0.lazy']);
  });

  it('when the content type does not exist in the tenant, then 422 names contentType', async () => {
    const response = await post(withUrl('no-type', { contentType: 'gizmos', mappings: [] }));
    expect(response.status).toBe(422);
    expect(errorKeys(response.body)).toEqual(['contentType']);
  });

  it('when requestData is not an object or an array of objects, then 422 names it', async () => {
    for (const requestData of ['a string', 42, null, [1, 2]]) {
      const response = await post(withUrl('bad-sample', { requestData }));
      expect(response.status).toBe(422);
      expect(errorKeys(response.body)).toEqual(['requestData']);
    }
  });

  it('when requestData has too many paths, too deep ones or too many bytes, then 422 says which limit', async () => {
    const wide = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`k${index}`, 1]));
    const deep = Array.from({ length: 11 }, (_, index) => `k${index}`).reduceRight<unknown>(
      (inner, key) => ({ [key]: inner }),
      1,
    );
    const heavy = { text: 'x'.repeat(70_000) };
    const messages: string[] = [];
    for (const requestData of [wide, deep, heavy]) {
      const created = await post(withUrl('too-large-sample', { requestData }));
      expect(created.status).toBe(422);
      expect(errorKeys(created.body)).toEqual(['requestData']);
      messages.push(String((created.body.errors as Record<string, unknown>).requestData));
      await post(withUrl('small-sample'));
      const patched = await api.call('PATCH', `${FUNNELS}/small-sample`, {
        token: owner,
        body: { requestData },
      });
      expect(patched.status).toBe(422);
    }
    expect(messages[0]).toContain('at most 100 distinct paths');
    expect(messages[1]).toContain('paths of at most 10 keys');
    expect(messages[2]).toContain('at most 65536 bytes of JSON');
  });

  it('when no mapping names the identifier, then the funnel is still saved', async () => {
    const response = await post(
      withUrl('no-identifier', { mappings: [{ source: 'title', target: { system: 'name' } }] }),
    );
    expect(response.status).toBe(201);
  });

  it('when a funnel is put, then 200 and the next GET shows the change', async () => {
    await post(withUrl('replaced'));
    const { endpointUrl: _left, ...withoutUrl } = withUrl('replaced');
    const put = await api.call('PUT', `${FUNNELS}/replaced`, {
      token: owner,
      body: { ...withoutUrl, name: 'Renamed', active: false, mappings: [] },
    });
    expect(put.status).toBe(200);
    const read = await api.call('GET', `${FUNNELS}/replaced`, { token: owner });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      endpointUrl: 'replaced',
      name: 'Renamed',
      active: false,
      mappings: [],
      description: 'Nightly ERP sync',
    });
  });

  it('when a put gives another endpoint URL, then the funnel moves there', async () => {
    await post(withUrl('old-url'));
    const put = await api.call('PUT', `${FUNNELS}/old-url`, {
      token: owner,
      body: withUrl('new-url'),
    });
    expect(put.status).toBe(200);
    expect((await api.call('GET', `${FUNNELS}/old-url`, { token: owner })).status).toBe(404);
    expect((await api.call('GET', `${FUNNELS}/new-url`, { token: owner })).status).toBe(200);
  });

  it('when a put moves a funnel onto a used endpoint URL, then 409 and both stay', async () => {
    await post(withUrl('first'));
    await post(withUrl('second'));
    const put = await api.call('PUT', `${FUNNELS}/first`, {
      token: owner,
      body: withUrl('second'),
    });
    expect(put.status).toBe(409);
    expect(errorKeys(put.body)).toEqual(['endpointUrl']);
    expect((await api.call('GET', `${FUNNELS}/first`, { token: owner })).status).toBe(200);
  });

  it('when a put names a missing funnel, then 404', async () => {
    const put = await api.call('PUT', `${FUNNELS}/absent`, {
      token: owner,
      body: withUrl('absent'),
    });
    expect(put.status).toBe(404);
  });

  it('when a funnel is patched, then only the given fields change', async () => {
    await post(withUrl('patched'));
    const patch = await api.call('PATCH', `${FUNNELS}/patched`, {
      token: owner,
      body: { partialValidation: true },
    });
    expect(patch.status).toBe(200);
    const read = await api.call('GET', `${FUNNELS}/patched`, { token: owner });
    expect(read.body).toMatchObject({
      partialValidation: true,
      active: true,
      name: 'ERP products',
      description: 'Nightly ERP sync',
      requestData: erpProducts.requestData,
    });
    expect(read.body.mappings).toHaveLength(3);
  });

  it('when a patch makes the funnel unsound, then 422 and the funnel is unchanged', async () => {
    await post(withUrl('patched-badly'));
    const patch = await api.call('PATCH', `${FUNNELS}/patched-badly`, {
      token: owner,
      body: { mappings: [{ source: 'x', target: { property: 'nope' } }] },
    });
    expect(patch.status).toBe(422);
    expect(errorKeys(patch.body)).toEqual(['mappings.0.target']);
    const read = await api.call('GET', `${FUNNELS}/patched-badly`, { token: owner });
    expect(read.body.mappings).toHaveLength(3);
  });

  it('when a patch holds an unknown field, then 422', async () => {
    await post(withUrl('patched-unknown'));
    const patch = await api.call('PATCH', `${FUNNELS}/patched-unknown`, {
      token: owner,
      body: { colour: 'red' },
    });
    expect(patch.status).toBe(422);
  });

  it('when a funnel is deleted, then 204 and it is gone', async () => {
    await post(withUrl('deleted'));
    expect((await api.call('DELETE', `${FUNNELS}/deleted`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${FUNNELS}/deleted`, { token: owner })).status).toBe(404);
    expect((await api.call('DELETE', `${FUNNELS}/deleted`, { token: owner })).status).toBe(404);
  });

  it('when another tenant addresses a funnel, then 404 on every method', async () => {
    await post(withUrl('owners-only'));
    const path = `${FUNNELS}/owners-only`;
    const calls = [
      api.call('GET', path, { token: stranger }),
      api.call('GET', `${path}/paths`, { token: stranger }),
      api.call('PUT', path, { token: stranger, body: withUrl('owners-only') }),
      api.call('PATCH', path, { token: stranger, body: { active: false } }),
      api.call('DELETE', path, { token: stranger }),
    ];
    expect((await Promise.all(calls)).map((response) => response.status)).toEqual([
      404, 404, 404, 404, 404,
    ]);
    const read = await api.call('GET', path, { token: owner });
    expect(read.body).toMatchObject({ active: true });
  });

  it('when the paths of a funnel are asked for, then they list its sample with JSON types', async () => {
    await post(
      withUrl('with-paths', {
        requestData: [
          { sku: 'A-1', price: 12.5, categories: [{ name: 'a' }], tags: ['x'] },
          { sku: 'A-2', active: true },
        ],
      }),
    );
    const response = await api.call<{ items: Record<string, unknown>[]; nextCursor: null }>(
      'GET',
      `${FUNNELS}/with-paths/paths`,
      { token: owner },
    );
    expect(response.status).toBe(200);
    expect(response.body.nextCursor).toBeNull();
    // Each path also has `suggestions` (funnel-path-suggestions.test.ts).
    expect(response.body.items.map(({ path, type }) => ({ path, type }))).toEqual([
      { path: 'sku', type: 'string' },
      { path: 'price', type: 'number' },
      { path: 'categories', type: 'array' },
      { path: 'categories.name', type: 'string' },
      { path: 'tags', type: 'array' },
      { path: 'active', type: 'boolean' },
    ]);
  });

  it('when a funnel has no sample, then its paths are an empty list', async () => {
    const { requestData: _left, ...withoutSample } = withUrl('no-sample');
    await post(withoutSample);
    const response = await api.call('GET', `${FUNNELS}/no-sample/paths`, { token: owner });
    expect(response.body).toEqual({ items: [], nextCursor: null });
  });

  it('when the caller lacks manage_funnels, then 403', async () => {
    const user = await api.call('POST', '/api/v1/settings/users', {
      token: owner,
      body: { email: 'settings-only@acme.test', permissions: ['manage_settings'] },
    });
    const token = await api.call('POST', '/api/v1/settings/tokens', {
      token: owner,
      body: { name: 'settings-only', abilities: ['read', 'create'], userId: user.body.id },
    });
    const response = await api.call('GET', FUNNELS, { token: token.body.token as string });
    expect(response.status).toBe(403);
  });
});

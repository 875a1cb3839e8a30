/**
 * `GET /settings/me` (who the token is, no secret) and `POST /settings/suggested-paths` (paths
 * and targets for a sample not saved yet, nothing written).
 */
import { startTestApi, type TestApi } from '../../support/api-harness';

describe('settings: who am I, and suggested paths for an unsaved sample', () => {
  let api: TestApi;
  let owner: string;
  let weak: string;

  beforeAll(async () => {
    api = await startTestApi('settings-me');
    ({ token: owner } = await api.bootstrap('acme'));
    const user = await api.call<{ id: string }>('POST', '/api/v1/settings/users', {
      token: owner,
      body: { email: 'reader@acme.test', name: 'Reader', permissions: ['manage_funnels'] },
    });
    const made = await api.call<{ token: string }>('POST', '/api/v1/settings/tokens', {
      token: owner,
      body: { name: 'reading', abilities: ['read'], userId: user.body.id },
    });
    weak = made.body.token;
    const put = await api.call('PUT', '/api/v1/settings/content-types/products', {
      token: owner,
      body: {
        name: 'Products',
        kind: 'product',
        properties: [{ key: 'color', label: 'Color', type: 'text', multiple: true }],
      },
    });
    expect(put.status).toBe(201);
  });
  afterAll(() => api.close());

  it('when a weak token asks who it is, then it gets its abilities and permissions and no token string', async () => {
    const me = await api.call('GET', '/api/v1/settings/me', { token: weak });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      tenant: 'acme',
      token: { name: 'reading', abilities: ['read'], expiresAt: null },
      user: { email: 'reader@acme.test', name: 'Reader', permissions: ['manage_funnels'] },
    });
    expect(JSON.stringify(me.body)).not.toContain(weak);
    expect(JSON.stringify(me.body)).not.toContain(weak.split('.')[2]);
  });

  it('when no or a bad token asks who it is, then 401', async () => {
    expect((await api.call('GET', '/api/v1/settings/me')).status).toBe(401);
    expect((await api.call('GET', '/api/v1/settings/me', { token: 'x.y.z' })).status).toBe(401);
  });

  it('when a sample is posted, then its paths come with suggestions and every target, and nothing is stored', async () => {
    const answer = await api.call<{
      items: { path: string; type: string; suggestions: { target: unknown }[] }[];
      targets: { target: unknown; label: string; type: string; multiple: boolean }[];
    }>('POST', '/api/v1/settings/suggested-paths', {
      token: weak,
      body: { contentType: 'products', requestData: { sku: 'A-1', attrs: { colour: 'red' } } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.items.map(({ path, type }) => [path, type])).toEqual([
      ['sku', 'string'],
      ['attrs', 'object'],
      ['attrs.colour', 'string'],
    ]);
    expect(answer.body.items[0]?.suggestions[0]?.target).toEqual({ system: 'identifier' });
    expect(answer.body.items[2]?.suggestions[0]?.target).toEqual({ property: 'color' });
    expect(answer.body.targets).toEqual([
      {
        target: { system: 'identifier' },
        label: 'Product Identifier',
        type: 'identifier',
        multiple: false,
      },
      { target: { system: 'name' }, label: 'Product Name', type: 'text', multiple: false },
      { target: { system: 'image' }, label: 'Product Image', type: 'media', multiple: false },
      { target: { property: 'color' }, label: 'Color', type: 'text', multiple: true },
    ]);
    const funnels = await api.call<{ items: unknown[] }>('GET', '/api/v1/settings/funnels', {
      token: owner,
    });
    expect(funnels.body.items).toEqual([]);
  });

  it('when the sample or the content type is bad, then 422 naming the field', async () => {
    const call = (body: unknown) =>
      api.call<{ errors: Record<string, string> }>('POST', '/api/v1/settings/suggested-paths', {
        token: weak,
        body,
      });
    const notJson = await call({ contentType: 'products', requestData: 'text' });
    expect(notJson.status).toBe(422);
    expect(Object.keys(notJson.body.errors)).toEqual(['requestData']);
    const missing = await call({ contentType: 'nothing', requestData: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['contentType']);
  });

  it('when the token lacks manage_funnels, then 403', async () => {
    const user = await api.call<{ id: string }>('POST', '/api/v1/settings/users', {
      token: owner,
      body: { email: 'nobody@acme.test', permissions: [] },
    });
    const made = await api.call<{ token: string }>('POST', '/api/v1/settings/tokens', {
      token: owner,
      body: { name: 'none', abilities: ['read'], userId: user.body.id },
    });
    const refused = await api.call('POST', '/api/v1/settings/suggested-paths', {
      token: made.body.token,
      body: { contentType: 'products', requestData: {} },
    });
    expect(refused.status).toBe(403);
    const me = await api.call('GET', '/api/v1/settings/me', { token: made.body.token });
    expect(me.status).toBe(200);
  });
});

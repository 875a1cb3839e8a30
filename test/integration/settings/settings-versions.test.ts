/**
 * Create is not replace, and edits do not overwrite each other (docs/settings.md#versions): a
 * POST of a key that exists is a 409; content types, funnels and exports answer with an ETag, and
 * their writes honour If-Match (412 on another version, with the current one) and If-None-Match.
 */
import { startTestApi, type CallResult, type TestApi } from '../../support/api-harness';

const products = { name: 'Products', kind: 'product', properties: [] };
const withColor = {
  ...products,
  properties: [{ key: 'color', label: 'Color', type: 'text' }],
};

describe('settings versions', () => {
  let api: TestApi;
  let token: string;
  const base = '/api/v1/settings';

  beforeAll(async () => {
    api = await startTestApi('settings-versions', { EXPORT_ALLOWED_NETWORKS: '127.0.0.0/8' });
    ({ token } = await api.bootstrap('acme'));
  });
  afterAll(() => api.close());

  const call = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    api.call<Record<string, unknown>>(method, `${base}${path}`, {
      token,
      headers,
      ...(body === undefined ? {} : { body }),
    });
  const etag = (answer: CallResult<unknown>) => answer.headers.get('etag');
  /** An ETag of that version: `"<id>.r<revision>.<digest of the body>"`. */
  const versionTag = (id: string, revision: number) =>
    new RegExp(`^"${id}\\.r${revision}\\.[\\w-]{16}"$`);

  describe('content types', () => {
    it('when a content type is created with a key that exists, then 409, and the one stored is kept', async () => {
      expect((await call('POST', '/content-types', { key: 'shoes', ...withColor })).status).toBe(
        201,
      );
      const again = await call('POST', '/content-types', { key: 'shoes', ...products });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        message: 'A content type with the key "shoes" exists already',
        errors: { key: expect.any(String) },
      });
      const stored = await call('GET', '/content-types/shoes');
      expect(stored.body).toMatchObject({ properties: [{ key: 'color' }], revision: 1 });
    });

    it('when a write names the version it read, then it goes ahead; an older one, then 412 with the current one', async () => {
      await call('POST', '/content-types', { key: 'boots', ...products });
      const read = await call('GET', '/content-types/boots');
      expect(etag(read)).toMatch(versionTag('boots', 1));
      const first = await call('PUT', '/content-types/boots', withColor, {
        'If-Match': etag(read)!,
      });
      expect(first.status).toBe(200);
      expect(etag(first)).toMatch(versionTag('boots', 2));
      // A second editor who read the first version too.
      const second = await call('PUT', '/content-types/boots', products, {
        'If-Match': etag(read)!,
      });
      expect(second.status).toBe(412);
      expect(etag(second)).toBe(etag(await call('GET', '/content-types/boots')));
      expect(second.body).toMatchObject({
        status: 'error',
        message: expect.stringContaining('its revision is now 2'),
        current: { key: 'boots', revision: 2, properties: [{ key: 'color' }] },
      });
      expect((await call('GET', '/content-types/boots')).body).toMatchObject({ revision: 2 });
    });

    it('when If-None-Match is *, then a PUT only creates', async () => {
      const created = await call('PUT', '/content-types/socks', products, { 'If-None-Match': '*' });
      expect(created.status).toBe(201);
      const again = await call('PUT', '/content-types/socks', withColor, { 'If-None-Match': '*' });
      expect(again.status).toBe(412);
      expect(again.body).toMatchObject({ current: { key: 'socks', properties: [] } });
    });

    it('when If-Match is malformed, then 400 naming it; an ETag of another resource, then 412 saying so', async () => {
      await call('POST', '/content-types', { key: 'hats', ...products });
      for (const bad of ['boots.r1', '"unterminated', '*, "hats.r1"']) {
        const answer = await call('PUT', '/content-types/hats', products, { 'If-Match': bad });
        expect({ bad, status: answer.status, errors: answer.body.errors }).toEqual({
          bad,
          status: 400,
          errors: { 'If-Match': 'Not an entity tag list' },
        });
      }
      const foreign = await call('PUT', '/content-types/hats', products, {
        'If-Match': etag(await call('GET', '/content-types/boots'))!,
      });
      expect(foreign.status).toBe(412);
      expect(foreign.body.message).toContain('If-Match names a version of another resource');
    });

    it('when If-Match is given for a content type that does not exist, then 412 and nothing is created', async () => {
      const answer = await call('PUT', '/content-types/ghosts', products, { 'If-Match': '*' });
      expect(answer.status).toBe(412);
      expect(answer.body).toMatchObject({ current: null });
      expect((await call('GET', '/content-types/ghosts')).status).toBe(404);
    });
  });

  describe('funnels', () => {
    const funnel = (endpointUrl: string) => ({
      contentType: 'products',
      name: endpointUrl,
      endpointUrl,
      mappings: [{ source: 'sku', target: { system: 'identifier' } }],
    });

    beforeAll(async () => {
      await call('POST', '/content-types', { key: 'products', ...products });
    });

    it('when two editors change a funnel from the same version at once, then one change stands and the other is 412', async () => {
      const created = await call('POST', '/funnels', funnel('erp'));
      expect(created.status).toBe(201);
      const version = etag(created)!;
      const [a, b] = await Promise.all(
        ['Alpha', 'Beta'].map((name) =>
          call('PATCH', '/funnels/erp', { name }, { 'If-Match': version }),
        ),
      );
      expect([a!.status, b!.status].sort()).toEqual([200, 412]);
      const won = a!.status === 200 ? 'Alpha' : 'Beta';
      const stored = await call('GET', '/funnels/erp');
      expect(stored.body).toMatchObject({ name: won, revision: 2 });
      expect(etag(stored)).toMatch(versionTag(String(stored.body.id), 2));
    });

    it('when a funnel is renamed, then it keeps its id, and its ETag names it by that id', async () => {
      const created = await call('POST', '/funnels', funnel('pim'));
      const { id } = created.body as { id: string };
      const renamed = await call('PUT', '/funnels/pim', funnel('pim-v2'), {
        'If-Match': etag(created)!,
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id, endpointUrl: 'pim-v2', revision: 2 });
      expect(etag(renamed)).toMatch(versionTag(id, 2));
      expect((await call('GET', '/funnels/pim')).status).toBe(404);
      // Another rename from the version before the first is refused.
      const stale = await call('PUT', '/funnels/pim-v2', funnel('pim-v3'), {
        'If-Match': etag(created)!,
      });
      expect(stale.status).toBe(412);
      expect((await call('GET', '/funnels/pim-v3')).status).toBe(404);
    });
  });

  describe('exports', () => {
    it('when an export is changed from an older version, then 412 with the current one', async () => {
      const created = await call('POST', '/exports', {
        name: 'receiver',
        url: 'http://127.0.0.1:9/hook',
        contentTypes: ['products'],
        active: false,
      });
      expect(created.status).toBe(201);
      const { id } = created.body as { id: string };
      expect(etag(created)).toMatch(versionTag(id, 1));
      const first = await call(
        'PATCH',
        `/exports/${id}`,
        { name: 'first' },
        {
          'If-Match': etag(created)!,
        },
      );
      expect(first.status).toBe(200);
      const second = await call(
        'PATCH',
        `/exports/${id}`,
        { name: 'second' },
        { 'If-Match': etag(created)! },
      );
      expect(second.status).toBe(412);
      expect(second.body).toMatchObject({ current: { id, name: 'first' } });
      expect(etag(await call('GET', `/exports/${id}`))).toMatch(versionTag(id, 2));
    });
  });
});

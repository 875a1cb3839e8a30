import { ChangeLogStore } from '../../../core/changes/change-log-store';
import type { NewChange } from '../../../core/changes/change-record';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { fakeDns } from '../../support/fake-dns';

const EXPORTS = '/api/v1/settings/exports';

/** A record without its item in the store: the feed reads it as deleted; these tests are about order and tenants. */
function change(identifier: string, contentType = 'products', version = 1): NewChange {
  return {
    event: version === 1 ? 'created' : 'updated',
    contentType,
    identifier,
    version,
    at: new Date(),
  };
}

describe('export settings and the change feed', () => {
  let api: TestApi;
  let owner: string;
  let other: string;
  const dns = fakeDns({
    'hooks.example.com': ['93.184.216.34'],
    'rebind.example.com': ['127.0.0.1'],
  });

  beforeAll(async () => {
    // No EXPORT_ALLOWED_NETWORKS: the default rules, public https only.
    api = await startTestApi('export-settings');
    api.context.exports.targets.resolve = dns.resolve;
    ({ token: owner } = await api.bootstrap('acme'));
    ({ token: other } = await api.bootstrap('other'));
    for (const token of [owner, other]) {
      const put = await api.call('PUT', '/api/v1/settings/content-types/products', {
        token,
        body: { name: 'Products', kind: 'product', properties: [] },
      });
      expect(put.status).toBe(201);
    }
  });
  afterAll(() => api.close());

  const body = (url: string) => ({ name: 'ERP', url, contentTypes: ['products'] });

  it('when an export is created, then its secret is answered once and never again', async () => {
    const created = await api.call<Record<string, unknown>>('POST', EXPORTS, {
      token: owner,
      body: body('https://hooks.example.com/in'),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      active: true,
      state: 'active',
      batchSize: 50,
      events: ['created', 'updated', 'deleted'],
    });
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const id = created.body.id as string;
    const read = await api.call('GET', `${EXPORTS}/${id}`, { token: owner });
    const listed = await api.call('GET', EXPORTS, { token: owner });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(secret);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(JSON.stringify(api.logLines)).not.toContain(secret.slice(6));

    const patched = await api.call('PATCH', `${EXPORTS}/${id}`, {
      token: owner,
      body: { batchSize: 10, active: false },
    });
    expect(patched.body).toMatchObject({ batchSize: 10, active: false, state: 'paused' });
  });

  it.each([
    ['http://10.1.2.3/hook', /private|https/],
    ['https://10.1.2.3/hook', /private/],
    ['https://172.16.0.1/hook', /private/],
    ['https://192.168.1.1/hook', /private/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['https://localhost/hook', /loopback/],
    ['https://[::1]/hook', /loopback/],
    ['https://[fc00::1]/hook', /unique local/],
    ['https://rebind.example.com/hook', /loopback/],
    ['https://nowhere.example.com/hook', /cannot be resolved/],
    ['ftp://hooks.example.com/', /https/],
  ])('when the URL is %s, then saving it is refused with 422 saying why', async (url, why) => {
    const refused = await api.call<{ errors: Record<string, string> }>('POST', EXPORTS, {
      token: owner,
      body: body(url),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.url).toMatch(why);
  });

  it('when a patch moves the URL to a private address, then it is refused', async () => {
    const created = await api.call('POST', EXPORTS, {
      token: owner,
      body: body('https://hooks.example.com/a'),
    });
    const patched = await api.call<{ errors: Record<string, string> }>(
      'PATCH',
      `${EXPORTS}/${created.body.id as string}`,
      { token: owner, body: { url: 'https://192.168.0.10/' } },
    );
    expect(patched.status).toBe(422);
    expect(patched.body.errors.url).toMatch(/private/);
  });

  it('when the body is bad, then 422 names each field', async () => {
    const refused = await api.call<{ errors: Record<string, string> }>('POST', EXPORTS, {
      token: owner,
      body: { ...body('https://hooks.example.com/'), batchSize: 101, contentTypes: ['nope'] },
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['batchSize']);
    const missing = await api.call<{ errors: Record<string, string> }>('POST', EXPORTS, {
      token: owner,
      body: { ...body('https://hooks.example.com/'), contentTypes: ['nope'] },
    });
    expect(missing.body.errors).toEqual({ 'contentTypes.0': expect.stringMatching(/nope/) });
  });

  it('when another tenant asks for an export, then it does not exist for it', async () => {
    const created = await api.call('POST', EXPORTS, {
      token: owner,
      body: body('https://hooks.example.com/b'),
    });
    const id = created.body.id as string;
    for (const [method, path] of [
      ['GET', `${EXPORTS}/${id}`],
      ['PATCH', `${EXPORTS}/${id}`],
      ['DELETE', `${EXPORTS}/${id}`],
    ] as const) {
      const answer = await api.call(method, path, {
        token: other,
        body: method === 'PATCH' ? {} : undefined,
      });
      expect(answer.status).toBe(404);
    }
    const listed = await api.call<{ items: unknown[] }>('GET', EXPORTS, { token: other });
    expect(listed.body.items).toEqual([]);
  });

  it('when a consumer follows nextCursor, then it reads every change once, its tenant only', async () => {
    const log = new ChangeLogStore(api.context.db, api.context.storage.changeBatches);
    await log.append('acme', [change('A-1'), change('B-1', 'pages'), change('A-2')]);
    await log.append('other', [change('X-1')]);
    const first = await api.call<{ items: { identifier: string }[]; nextCursor: string }>(
      'GET',
      '/api/v1/changes?limit=2',
      { token: owner },
    );
    expect(first.body.items.map((c) => c.identifier)).toEqual(['A-1', 'B-1']);
    await log.append('acme', [change('A-1', 'products', 2)]);
    const rest = await api.call<{
      items: { identifier: string; version: number }[];
      nextCursor: string;
    }>('GET', `/api/v1/changes?after=${first.body.nextCursor}`, { token: owner });
    expect(rest.body.items.map((c) => [c.identifier, c.version])).toEqual([
      ['A-2', 1],
      ['A-1', 2],
    ]);
    const filtered = await api.call<{ items: { identifier: string }[]; nextCursor: string }>(
      'GET',
      '/api/v1/changes?contentType=pages',
      { token: owner },
    );
    expect(filtered.body.items.map((c) => c.identifier)).toEqual(['B-1']);
    // The cursor moved past the products changes it skipped.
    expect(filtered.body.nextCursor).toBe(rest.body.nextCursor);
    const others = await api.call<{ items: { identifier: string }[] }>('GET', '/api/v1/changes', {
      token: other,
    });
    expect(others.body.items.map((c) => c.identifier)).toEqual(['X-1']);
    const bad = await api.call('GET', '/api/v1/changes?after=abc', { token: owner });
    expect(bad.status).toBe(422);
  });
});

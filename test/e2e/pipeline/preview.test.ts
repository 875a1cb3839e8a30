/**
 * The preview of a draft funnel (docs/api-behaviour.md#preview): run over its sample and the
 * funnel's recorded requests, it answers what each would get now beside what it got, writes
 * nothing, and answers what a real request then answers.
 */
import type { PreviewAnswer, PreviewedRequest } from '../../../core/preview/preview-schema';
import { previewTurnKey } from '../../../core/preview/preview-turns';
import { tokenWith } from '../../browser/support/tokens';
import { testKeys, testRedis } from '../../support/test-env';
import { requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';

/** Past the 256 KiB the history once cut bodies at: kept whole now. */
const LARGE_BYTES = 300 * 1024;

describe('previewing a draft funnel', () => {
  let p: Pipeline;
  let contentType: string;
  let url: string;
  const sent = { both: '', missingPrice: '', removal: '', large: '' };
  const bodies = {
    both: [
      { sku: 'A-1', title: 'Shoe', price: 1, cost: 'abc' },
      { sku: 'A-2', title: 'Boot', price: 2, cost: 5 },
    ],
    missingPrice: [{ sku: 'C-1', title: 'Hat', cost: 3 }],
  };
  const draft = () => ({
    contentType,
    name: 'Draft',
    endpointUrl: url,
    partialValidation: true,
    requestData: [{ sku: 'S-1', title: 'Sample', cost: 9 }],
    mappings: [
      { source: 'sku', target: { system: 'identifier' } },
      { source: 'title', target: { system: 'name' } },
      { source: 'cost', target: { property: 'price' } },
    ],
  });
  const preview = (body: unknown, token = p.token) =>
    p.api.call<PreviewAnswer>('POST', '/api/v1/settings/funnel-preview', { token, body });
  const counts = async () => ({
    items: await p.api.context.db.items.countDocuments({}),
    history: await p.api.context.db.history.countDocuments({}),
  });
  const byRequest = (answer: PreviewAnswer, name: keyof typeof sent): PreviewedRequest => {
    const found = answer.requests.find((request) => request.requestId === sent[name]);
    if (!found) throw new Error(`${name} is not in the preview`);
    return found;
  };

  beforeAll(async () => {
    p = await startPipeline('preview');
    ({ contentType, url } = await p.scenario({
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
        { source: 'price', target: { property: 'price' } },
      ],
    }));
    const both = await p.post(url, bodies.both);
    expect(both.status).toBe(200);
    sent.both = requestIdOf(both);
    const missing = await p.post(url, bodies.missingPrice);
    expect(missing.status).toBe(422);
    sent.missingPrice = requestIdOf(missing);
    const removal = await p.remove(url, { identifiers: ['Z-9'] });
    expect(removal.status).toBe(200);
    sent.removal = requestIdOf(removal);
    const big = [{ sku: 'B-1', title: 'Big', price: 1, cost: 1, blob: 'x'.repeat(LARGE_BYTES) }];
    const large = await p.post(url, big);
    expect(large.status).toBe(200);
    sent.large = requestIdOf(large);
  });
  afterAll(() => p.close());

  it('when run over the sample and history, then it answers each beside its record, a body over 256 KiB included, and writes nothing', async () => {
    const before = await counts();
    const answer = await preview({ funnel: draft(), history: { limit: 10 } });
    expect(answer.status).toBe(200);
    expect(await counts()).toEqual(before);
    expect(p.serverErrors()).toEqual([]);

    expect(answer.body.sample).toMatchObject({
      httpStatus: 200,
      status: 'success',
      imported: 1,
      failed: 0,
    });
    const both = byRequest(answer.body, 'both');
    expect(both.then).toMatchObject({ httpStatus: 200, status: 'success', imported: 2, failed: 0 });
    expect(both.now).toMatchObject({ httpStatus: 200, status: 'partial', imported: 1, failed: 1 });
    expect(both.changed).toBe(true);
    expect(both.itemChanges).toEqual([
      { key: 'A-1', then: 'ok', now: 'error', errors: { Price: expect.any(String) } },
    ]);
    const missing = byRequest(answer.body, 'missingPrice');
    expect(missing.then).toMatchObject({ httpStatus: 422, status: 'error', failed: 1 });
    expect(missing.now).toMatchObject({ httpStatus: 200, status: 'success', imported: 1 });
    expect(missing.itemChanges).toEqual([{ key: 'C-1', then: 'error', now: 'ok' }]);

    const skipped = Object.fromEntries(answer.body.skipped.map((s) => [s.requestId, s.reason]));
    expect(skipped[sent.removal]).toMatch(/DELETE/);
    expect(Object.keys(skipped)).toEqual([sent.removal]);
    const large = byRequest(answer.body, 'large');
    expect(large.now).toMatchObject({ httpStatus: 200, status: 'success', imported: 1 });
    expect(answer.body.requests.map((request) => request.requestId).sort()).toEqual(
      [sent.both, sent.missingPrice, sent.large].sort(),
    );
  });

  it('when the draft is all-or-nothing, then a valid item of a failing request is not written', async () => {
    const answer = await preview({
      funnel: { ...draft(), partialValidation: false },
      history: { limit: 10 },
    });
    expect(answer.status).toBe(200);
    const both = byRequest(answer.body, 'both');
    expect(both.now).toMatchObject({ httpStatus: 422, status: 'error' });
    expect(both.itemChanges.map(({ key, then, now }) => ({ key, then, now }))).toEqual([
      { key: 'A-1', then: 'ok', now: 'error' },
      { key: 'A-2', then: 'ok', now: 'not-written' },
    ]);
  });

  it('when the draft is then saved, then real requests get the answers the preview gave', async () => {
    const answer = await preview({ funnel: draft(), history: { limit: 10 } });
    expect(answer.status).toBe(200);
    const saved = await p.api.call('PUT', `/api/v1/settings/funnels/${url}`, {
      token: p.token,
      body: draft(),
    });
    expect(saved.status).toBe(200);
    for (const name of ['both', 'missingPrice'] as const) {
      const expected = byRequest(answer.body, name).now;
      const real = await p.post(url, bodies[name]);
      expect({ status: real.status, body: real.body }).toEqual({
        status: expected.httpStatus,
        body: expected.envelope,
      });
    }
    const sample = await p.post(url, draft().requestData);
    expect(sample.status).toBe(answer.body.sample?.httpStatus);
    expect(sample.body).toEqual(answer.body.sample?.envelope);
  });

  it('when the draft is one saving would refuse, then 422 names the field', async () => {
    const bad = draft();
    bad.mappings.push({ source: 'x', target: { property: 'nope' } });
    const answer = await preview({ funnel: bad });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      errors: { 'funnel.mappings.3.target': expect.any(String) },
    });

    const unknown = await preview({ funnel: draft(), history: { endpointUrl: 'nowhere' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ errors: { 'history.endpointUrl': expect.any(String) } });
    const tooMany = await preview({ funnel: draft(), history: { limit: 51 } });
    expect(tooMany.status).toBe(422);
  });

  it('when the token may read but its user lacks manage_funnels, then 403; read alone is enough', async () => {
    const reader = await tokenWith(p.api, p.token, 'reader', {
      permissions: ['manage_funnels'],
      abilities: ['read'],
    });
    expect((await preview({ funnel: draft() }, reader.token)).status).toBe(200);
    const outsider = await tokenWith(p.api, p.token, 'outsider', {
      permissions: ['manage_settings'],
      abilities: ['read', 'create', 'update', 'delete'],
    });
    expect((await preview({ funnel: draft() }, outsider.token)).status).toBe(403);
  });

  it('when another tenant previews over a funnel of the same name, then it sees none of these requests', async () => {
    const { token } = await p.api.bootstrap('globex');
    const other = await p.api.call('PUT', `/api/v1/settings/content-types/${contentType}`, {
      token,
      body: {
        name: 'Products',
        kind: 'product',
        properties: [{ key: 'price', label: 'Price', type: 'number' }],
      },
    });
    expect([200, 201]).toContain(other.status);
    const created = await p.api.call('POST', '/api/v1/settings/funnels', { token, body: draft() });
    expect(created.status).toBe(201);
    const answer = await preview({ funnel: draft(), history: { limit: 50 } }, token);
    expect(answer.status).toBe(200);
    expect(answer.body.requests).toEqual([]);
    expect(answer.body.skipped).toEqual([]);
  });

  it("when a preview of the tenant runs on another API process, then the tenant's next answers 429 naming its share, and another tenant's preview is answered", async () => {
    // Held as that process holds it: the tenant's turn, a mutex in the deployment's Redis.
    const redis = testRedis('preview-turn');
    const key = `mutex:${previewTurnKey(testKeys(p.api.env.QUEUE_PREFIX ?? ''), 'acme')}`;
    expect(await redis.set(key, 'another-api-process', 'PX', 10 * 60 * 1000, 'NX')).toBe('OK');
    try {
      const refused = await preview({ funnel: draft() });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body).toEqual({
        status: 'error',
        message:
          'A preview of this tenant is running already, and a tenant runs one at a time; send ' +
          'it again once that one has its answer (within 5 s)',
      });

      const { token } = await p.api.bootstrap('initech');
      const type = await p.api.call('PUT', `/api/v1/settings/content-types/${contentType}`, {
        token,
        body: { name: 'Products', properties: [{ key: 'price', label: 'Price', type: 'number' }] },
      });
      expect([200, 201]).toContain(type.status);
      const other = await preview({ funnel: draft() }, token);
      expect(other.status).toBe(200);
      expect(other.body.sample).toMatchObject({ httpStatus: 200 });
    } finally {
      await redis.del(key);
      redis.disconnect();
    }
    expect((await preview({ funnel: draft() })).status).toBe(200);
    expect(p.serverErrors()).toEqual([]);
  });
});

/**
 * Workers cache funnels and content types (core/settings/settings-cache.ts): a change through
 * the settings API holds from the very next request on, in the worker process too.
 */
import { startPipeline, type Pipeline } from './pipeline-fixture';

describe('settings changed between two requests', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('settings-changes');
  });
  afterAll(() => p.close());

  const priceMapping = [
    { source: 'sku', target: { system: 'identifier' } },
    { source: 'title', target: { system: 'name' } },
    { source: 'price', target: { property: 'price' } },
  ];

  it("when a property's type changes, then the next request is validated against the new type", async () => {
    const { url, contentType } = await p.scenario({ mappings: priceMapping });
    const item = { sku: 'A-1', title: 'Shoe', price: '12 EUR' };
    expect((await p.post(url, item)).status).toBe(422);
    await p.putContentType(contentType, {
      name: contentType,
      kind: 'product',
      properties: [{ key: 'price', label: 'Price', type: 'text' }],
    });
    const response = await p.post(url, item);
    expect(response.status).toBe(200);
    expect((await p.item(contentType, 'A-1'))?.properties).toEqual({ price: '12 EUR' });
  });

  it("when a funnel's mapping changes, then the next request is mapped by the new one", async () => {
    const { url, contentType } = await p.scenario();
    expect((await p.post(url, { sku: 'B-1', title: 'Old path' })).status).toBe(200);
    const patched = await p.api.call('PATCH', `/api/v1/settings/funnels/${url}`, {
      token: p.token,
      body: {
        mappings: [
          { source: 'code', target: { system: 'identifier' } },
          { source: 'label', target: { system: 'name' } },
        ],
      },
    });
    expect(patched.status).toBe(200);
    const response = await p.post(url, { code: 'B-1', label: 'New path' });
    expect(response.status).toBe(200);
    expect((await p.item(contentType, 'B-1'))?.name).toBe('New path');
  });

  it('when a funnel is deleted, then the next request is answered 404', async () => {
    const { url } = await p.scenario();
    expect((await p.post(url, { sku: 'C-1', title: 'Shoe' })).status).toBe(200);
    const deleted = await p.api.call('DELETE', `/api/v1/settings/funnels/${url}`, {
      token: p.token,
    });
    expect(deleted.status).toBe(204);
    expect((await p.post(url, { sku: 'C-2', title: 'Shoe' })).status).toBe(404);
  });
});

/** `GET /settings/funnels/{url}/paths`: each path of the sample with suggested targets. */
import { startTestApi, type TestApi } from '../../support/api-harness';

const FUNNELS = '/api/v1/settings/funnels';

interface PathsAnswer {
  items: {
    path: string;
    type: string;
    suggestions: { target: Record<string, string>; label: string; score: number }[];
  }[];
  nextCursor: string | null;
}

describe('settings: suggested targets of a funnel sample', () => {
  let api: TestApi;
  let token: string;

  const paths = async (endpointUrl: string) => {
    const response = await api.call<PathsAnswer>('GET', `${FUNNELS}/${endpointUrl}/paths`, {
      token,
    });
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    api = await startTestApi('funnel-path-suggestions');
    ({ token } = await api.bootstrap('acme'));
    const response = await api.call('PUT', '/api/v1/settings/content-types/products', {
      token,
      body: {
        name: 'Products',
        kind: 'product',
        properties: [
          { key: 'color', label: 'Color', type: 'text' },
          { key: 'price', label: 'Price', type: 'number' },
          { key: 'releasedAt', label: 'Released At', type: 'date' },
        ],
      },
    });
    expect(response.status).toBe(201);
    const created = await api.call('POST', FUNNELS, {
      token,
      body: {
        contentType: 'products',
        name: 'ERP',
        endpointUrl: 'erp',
        requestData: {
          SKU: 'A-1',
          product_title: 'Shoe',
          attrs: { colour: 'red' },
          price_eur: 12.5,
          images: [{ url: 'https://cdn.example.com/a.png' }],
          release_date: '2024-01-31',
          warehouse: 'north',
        },
      },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => api.close());

  it('when the paths are asked for, then each has its best targets, in mapping shape, best first', async () => {
    const body = await paths('erp');
    expect(body.nextCursor).toBeNull();
    const best = Object.fromEntries(
      body.items.map(({ path, suggestions }) => [path, suggestions[0]?.target ?? null]),
    );
    expect(best).toEqual({
      SKU: { system: 'identifier' },
      product_title: { system: 'name' },
      attrs: null,
      'attrs.colour': { property: 'color' },
      price_eur: { property: 'price' },
      images: { system: 'image' },
      'images.url': { system: 'image' },
      release_date: { property: 'releasedAt' },
      warehouse: null,
    });
  });

  it('then every suggestion has a label and a score between 0.6 and 1, at most 3 a path', async () => {
    for (const { suggestions } of (await paths('erp')).items) {
      expect(suggestions.length).toBeLessThanOrEqual(3);
      for (const suggestion of suggestions) {
        expect(typeof suggestion.label).toBe('string');
        expect(suggestion.score).toBeGreaterThanOrEqual(0.6);
        expect(suggestion.score).toBeLessThanOrEqual(1);
      }
    }
    const sku = (await paths('erp')).items.find((item) => item.path === 'SKU');
    expect(sku?.suggestions[0]).toEqual({
      target: { system: 'identifier' },
      label: 'Product Identifier',
      score: 1,
    });
  });

  it('when the content type changes, then the suggestions follow it', async () => {
    const put = await api.call('PUT', '/api/v1/settings/content-types/products', {
      token,
      body: {
        name: 'Products',
        kind: 'product',
        properties: [{ key: 'warehouse', label: 'Warehouse', type: 'text' }],
      },
    });
    expect(put.status).toBe(200);
    const warehouse = (await paths('erp')).items.find((item) => item.path === 'warehouse');
    expect(warehouse?.suggestions).toEqual([
      { target: { property: 'warehouse' }, label: 'Warehouse', score: 1 },
    ]);
  });
});

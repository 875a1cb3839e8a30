/**
 * A settings write that is wrong in several ways is refused once, with every problem: those of
 * its form and those of its content type's rules together, each named as the console shows it.
 */
import { startTestApi, type TestApi } from '../../support/api-harness';

interface Refusal {
  message: string;
  errors: Record<string, string>;
}

describe('settings: every problem in one answer', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi('settings-errors-at-once');
    ({ token } = await api.bootstrap('acme'));
    const response = await api.call('PUT', '/api/v1/settings/content-types/products', {
      token,
      body: {
        name: 'Products',
        kind: 'product',
        properties: [{ key: 'color', label: 'Color', type: 'text' }],
      },
    });
    expect(response.status).toBe(201);
  });
  afterAll(() => api.close());

  it('when a funnel has a bad URL, no name and two bad mappings, then one 422 names all four', async () => {
    const response = await api.call<Refusal>('POST', '/api/v1/settings/funnels', {
      token,
      body: {
        contentType: 'products',
        name: ' ',
        endpointUrl: 'Not A URL',
        mappings: [
          {
            source: 'sku',
            target: { system: 'identifier' },
            transforms: [{ op: 'trim' }, { op: 'default', value: 'X' }],
          },
          { source: 'attrs.size', target: { property: 'size' } },
        ],
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('4 problems to fix');
    expect(response.body.errors).toEqual({
      name: 'Name is required',
      endpointUrl:
        'Endpoint URL must be lowercase letters, digits and dashes, up to 63 characters, ' +
        'starting with a letter or digit',
      'mappings.0.transforms.1':
        'Mapping of sku, step 2: the identifier mapping cannot have a default',
      'mappings.1.target': 'Mapping of attrs.size: content type "products" has no property "size"',
    });
  });

  it('when a content type has a bad key, an unlabelled property and a missing reference, then one 422 names them all', async () => {
    const response = await api.call<Refusal>('POST', '/api/v1/settings/content-types', {
      token,
      body: {
        key: 'Bad Key',
        name: 'Shoes',
        properties: [
          { key: 'size', type: 'text' },
          { key: 'brand', label: 'Brand', type: 'reference', contentType: 'brands' },
        ],
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      key:
        'Key must be lowercase letters, digits, dashes and underscores, up to 63 characters, ' +
        'starting with a letter or digit',
      'properties.0.label': 'Property 1: label is required',
      'properties.1.contentType': 'Property 2: no content type "brands" in this tenant',
    });
  });
});

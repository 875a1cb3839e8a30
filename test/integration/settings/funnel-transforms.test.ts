/** Value transforms in the funnel settings API: stored and shown as sent, bad ones refused. */
import { startTestApi, type TestApi } from '../../support/api-harness';

const FUNNELS = '/api/v1/settings/funnels';

interface FunnelView {
  mappings: Record<string, unknown>[];
}

describe('settings: funnels with value transforms', () => {
  let api: TestApi;
  let token: string;

  const funnel = (endpointUrl: string, mappings: unknown[]) => ({
    contentType: 'products',
    name: endpointUrl,
    endpointUrl,
    mappings,
  });
  const post = (body: unknown) =>
    api.call<Record<string, unknown>>('POST', FUNNELS, { token, body });
  const errorsOf = (body: Record<string, unknown>) => body.errors as Record<string, string>;

  beforeAll(async () => {
    api = await startTestApi('funnel-transforms');
    ({ token } = await api.bootstrap('acme'));
    const response = await api.call('PUT', '/api/v1/settings/content-types/products', {
      token,
      body: {
        name: 'Products',
        kind: 'product',
        properties: [
          { key: 'color', label: 'Color', type: 'text' },
          { key: 'price', label: 'Price', type: 'number' },
          { key: 'tags', label: 'Tags', type: 'text', multiple: true },
        ],
      },
    });
    expect(response.status).toBe(201);
  });
  afterAll(() => api.close());

  it('when mappings have transforms, then 201 and a GET shows them as sent, in order', async () => {
    const mappings = [
      { source: 'sku', target: { system: 'identifier' }, transforms: [{ op: 'trim' }] },
      {
        source: 'attrs.tags',
        target: { property: 'tags' },
        transforms: [{ op: 'lowercase' }, { op: 'split', separator: ',' }],
      },
      {
        source: 'price',
        target: { property: 'price' },
        transforms: [{ op: 'default', value: '0' }, { op: 'number' }],
      },
    ];
    const created = await post(funnel('with-transforms', mappings));
    expect(created.status).toBe(201);
    const read = await api.call<FunnelView>('GET', `${FUNNELS}/with-transforms`, { token });
    expect(read.body.mappings.map((mapping) => mapping.transforms)).toEqual(
      mappings.map((mapping) => mapping.transforms),
    );
  });

  it('when a mapping has no transforms, then the funnel shows none, as funnels did before', async () => {
    await post(funnel('without-transforms', [{ source: 'sku', target: { system: 'identifier' } }]));
    const read = await api.call<FunnelView>('GET', `${FUNNELS}/without-transforms`, { token });
    expect(read.body.mappings).toEqual([
      { source: 'sku', target: { system: 'identifier' }, optional: false, lazy: false },
    ]);
  });

  it.each([
    ['an unknown op', [{ op: 'reverse' }], 'mappings.1.transforms.0.op'],
    [
      'a split without a separator',
      [{ op: 'trim' }, { op: 'split' }],
      'mappings.1.transforms.1.separator',
    ],
    ['an empty separator', [{ op: 'split', separator: '' }], 'mappings.1.transforms.0.separator'],
    ['a default without a value', [{ op: 'default' }], 'mappings.1.transforms.0.value'],
    ['a default object', [{ op: 'default', value: { a: 1 } }], 'mappings.1.transforms.0.value'],
    ['an unknown key', [{ op: 'trim', side: 'left' }], 'mappings.1.transforms.0'],
    ['a string instead of a list', 'trim', 'mappings.1.transforms'],
    [
      'a default the target refuses',
      [{ op: 'default', value: 'free' }],
      'mappings.1.transforms.0.value',
    ],
  ])('when a transform is %s, then 422 names it', async (_name, transforms, field) => {
    const response = await post(
      funnel('bad-transform', [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'price', target: { property: 'price' }, transforms },
      ]),
    );
    expect(response.status).toBe(422);
    expect(Object.keys(errorsOf(response.body))).toEqual([field]);
  });

  it('when a default does not suit its target, then the message says why', async () => {
    const response = await post(
      funnel('bad-default', [
        {
          source: 'p',
          target: { property: 'price' },
          transforms: [{ op: 'default', value: 'free' }],
        },
      ]),
    );
    expect(errorsOf(response.body)).toEqual({
      'mappings.0.transforms.0.value':
        'Mapping of p, step 1: the default does not suit property "price": Expected a number',
    });
  });

  it('when the identifier mapping has a default, then 422 names that transform', async () => {
    const response = await post(
      funnel('identifier-default', [
        {
          source: 'sku',
          target: { system: 'identifier' },
          transforms: [{ op: 'default', value: 'A' }],
        },
      ]),
    );
    expect(response.status).toBe(422);
    expect(errorsOf(response.body)).toEqual({
      'mappings.0.transforms.0':
        'Mapping of sku, step 1: the identifier mapping cannot have a default',
    });
  });

  it('when the OpenAPI document is read, then each op is there with its description', async () => {
    const response = await api.call<{
      components: { schemas: Record<string, { description?: string; properties?: object }> };
    }>('GET', '/api/v1/openapi.json');
    const { schemas } = response.body.components;
    const ops = ['Trim', 'Lowercase', 'Uppercase', 'Number', 'Split', 'Default'];
    for (const op of ops) {
      const schema = schemas[`${op}Transform`];
      expect({ op, described: (schema?.description ?? '').length > 20 }).toEqual({
        op,
        described: true,
      });
      expect(schema?.properties).toHaveProperty('op');
    }
    expect(JSON.stringify(schemas.Funnel)).toContain('#/components/schemas/ValueTransform');
  });

  it('when a patch adds a bad transform to a stored funnel, then 422 and the funnel stays', async () => {
    const mappings = [{ source: 'sku', target: { system: 'identifier' } }];
    await post(funnel('patched-transforms', mappings));
    const patch = await api.call<Record<string, unknown>>(
      'PATCH',
      `${FUNNELS}/patched-transforms`,
      {
        token,
        body: { mappings: [{ ...mappings[0], transforms: [{ op: 'number', digits: 2 }] }] },
      },
    );
    expect(patch.status).toBe(422);
    expect(Object.keys(errorsOf(patch.body))).toEqual(['mappings.0.transforms.0']);
    const read = await api.call<FunnelView>('GET', `${FUNNELS}/patched-transforms`, { token });
    expect(read.body.mappings[0]).not.toHaveProperty('transforms');
  });
});

/**
 * Each refusal a fuzzer met that the OpenAPI document seemed not to hold, held to the document:
 * a request the document calls malformed is refused with a status the operation documents; a
 * well-formed request refused for a rule no schema states gets an answer the document marks
 * `x-rule-refusal` (api/openapi/rule-refusal.ts), which is where the fuzzer learns to expect it.
 */
import { ruleRefusalConfig } from '../../../scripts/fuzz/rule-refusals';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { startTestWorker, type TestWorker } from '../../support/worker-harness';

interface Parameter {
  name: string;
  in: string;
  schema: { pattern?: string };
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, { pattern?: string }> } }>;
  };
  responses: Record<string, { description: string; 'x-rule-refusal'?: boolean }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

describe('refusals the OpenAPI document describes', () => {
  let api: TestApi;
  let worker: TestWorker;
  let document: Document;
  let token: string;
  let exportId: string;
  let syncId: string;

  const send = (method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
    api.call<{ errors?: Record<string, string> }>(method, url, { token, body, headers });
  const operation = (method: string, path: string) => document.paths[path]![method]!;
  const etagFor = async (url: string) => (await send('GET', url)).headers.get('etag') ?? '';

  beforeAll(async () => {
    api = await startTestApi('documented-refusals', { EXPORT_ALLOWED_NETWORKS: '127.0.0.0/8' });
    worker = await startTestWorker(api.env);
    ({ token } = await api.bootstrap('acme'));
    document = (await api.call<Document>('GET', '/api/v1/openapi.json')).body;
    const typeBody = { name: 'Products', kind: 'product', properties: [] };
    expect((await send('PUT', '/api/v1/settings/content-types/products', typeBody)).status).toBe(
      201,
    );
    const funnel = (endpointUrl: string, mappings: unknown[]) =>
      send('POST', '/api/v1/settings/funnels', {
        contentType: 'products',
        name: endpointUrl,
        endpointUrl,
        mappings,
      });
    expect(
      (await funnel('erp', [{ source: 'sku', target: { system: 'identifier' } }])).status,
    ).toBe(201);
    expect((await funnel('unmapped', [])).status).toBe(201);
    const created = await send('POST', '/api/v1/settings/exports', {
      name: 'hook',
      url: 'http://127.0.0.1:9/hook',
      contentTypes: ['products'],
    });
    expect(created.status).toBe(201);
    exportId = (created.body as unknown as { id: string }).id;
    const sync = await send('POST', '/api/v1/funnels/erp/syncs');
    syncId = (sync.body as unknown as { syncId: string }).syncId;
  });
  afterAll(async () => {
    await worker.stop();
    await api.close();
  });

  describe('a malformed request: refused with a status the operation documents', () => {
    const versionedWrites: [string, string, string, unknown][] = [
      [
        'PUT',
        '/api/v1/settings/content-types/{key}',
        '/api/v1/settings/content-types/products',
        {
          name: 'Products',
          kind: 'product',
          properties: [],
        },
      ],
      [
        'PUT',
        '/api/v1/settings/funnels/{endpointUrl}',
        '/api/v1/settings/funnels/erp',
        {
          contentType: 'products',
          name: 'erp',
          mappings: [{ source: 'sku', target: { system: 'identifier' } }],
        },
      ],
      ['PATCH', '/api/v1/settings/funnels/{endpointUrl}', '/api/v1/settings/funnels/erp', {}],
      ['PATCH', '/api/v1/settings/exports/{id}', '/api/v1/settings/exports/{id}', {}],
    ];

    it.each(versionedWrites)(
      'when %s %s has If-None-Match: 0, then the document refuses the header and the API answers its documented 400',
      async (method, path, url, body) => {
        const header = operation(method.toLowerCase(), path).parameters!.find(
          ({ name }) => name === 'if-none-match',
        )!;
        expect(new RegExp(header.schema.pattern!).test('0')).toBe(false);
        const response = await send(method, url.replace('{id}', exportId), body, {
          'If-None-Match': '0',
        });
        expect(response.status).toBe(400);
        expect(response.body.errors).toEqual({ 'If-None-Match': expect.any(String) });
        const documented = operation(method.toLowerCase(), path).responses['400'];
        expect(documented?.description).toContain('If-None-Match');
      },
    );

    it('when a user is created with an e-mail whose domain label ends in a hyphen, then the document refuses it and the API answers 422', async () => {
      const email = 'someone@shop-.example';
      const body = document.paths['/api/v1/settings/users']!.post!.requestBody!;
      const pattern = body.content['application/json']!.schema.properties!.email!.pattern!;
      expect(new RegExp(pattern).test(email)).toBe(false);
      expect(new RegExp(pattern).test('someone@shop.example')).toBe(true);
      const response = await send('POST', '/api/v1/settings/users', { email, permissions: [] });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors ?? {})).toEqual(['email']);
      for (const good of ['someone@shop.example', 'a.b+c@mail.shop-1.example']) {
        const accepted = await send('POST', '/api/v1/settings/users', { email: good });
        expect({ good, status: accepted.status }).toEqual({ good, status: 201 });
      }
    });
  });

  describe('a well-formed request refused for a rule: an answer the document marks', () => {
    const expectMarked = (method: string, path: string, status: number) => {
      const response = operation(method.toLowerCase(), path).responses[String(status)];
      expect({ method, path, status, marked: response?.['x-rule-refusal'] }).toEqual({
        method,
        path,
        status,
        marked: true,
      });
    };

    it('when a list is given a cursor it did not answer (cursor=0), then 422 naming `cursor`, as any bad query value', async () => {
      const lists: [string, string, string][] = [
        ['GET', '/api/v1/funnels/{endpointUrl}/history', '/api/v1/funnels/erp/history'],
        ['GET', '/api/v1/funnels/{endpointUrl}/syncs', '/api/v1/funnels/erp/syncs'],
        ['GET', '/api/v1/content-types/{key}/items', '/api/v1/content-types/products/items'],
        [
          'GET',
          '/api/v1/settings/exports/{id}/deliveries',
          `/api/v1/settings/exports/${exportId}/deliveries`,
        ],
      ];
      for (const [method, path, url] of lists) {
        for (const query of ['cursor=0', 'limit=0']) {
          const response = await send(method, `${url}?${query}`);
          expect({ url, query, status: response.status }).toEqual({ url, query, status: 422 });
          expect(Object.keys(response.body.errors ?? {})).toEqual([query.split('=')[0]]);
        }
        expectMarked(method, path, 422);
      }
      const commitPath = '/api/v1/funnels/{endpointUrl}/syncs/{syncId}/commit';
      const dryRun = await send(
        'POST',
        `/api/v1/funnels/erp/syncs/${syncId}/commit?dryRun=true&cursor=0`,
        { maxDeletes: 1 },
      );
      expect(dryRun.status).toBe(422);
      expect(Object.keys(dryRun.body.errors ?? {})).toEqual(['cursor']);
      expectMarked('POST', commitPath, 422);
    });

    it('when a settings body names what the tenant lacks or breaks a rule across items, then 422, marked on each operation', async () => {
      const missingReference = {
        name: 'Pages',
        kind: 'product',
        properties: [{ key: 'brand', label: 'Brand', type: 'reference', contentType: 'nope' }],
      };
      const twice = {
        name: 'Products',
        kind: 'product',
        properties: [
          { key: 'a', label: 'A', type: 'text' },
          { key: 'a', label: 'B', type: 'text' },
        ],
      };
      const funnelOn = (contentType: string, target: unknown) => ({
        contentType,
        name: 'draft',
        endpointUrl: 'draft',
        mappings: [{ source: 'sku', target }],
      });
      const cases: [string, string, string, unknown][] = [
        ['POST', '/api/v1/settings/content-types', '', { key: 'pages', ...missingReference }],
        ['PUT', '/api/v1/settings/content-types/{key}', '/products', twice],
        ['POST', '/api/v1/settings/funnels', '', funnelOn('nope', { system: 'identifier' })],
        [
          'PUT',
          '/api/v1/settings/funnels/{endpointUrl}',
          '/erp',
          funnelOn('products', { property: 'nope' }),
        ],
        ['PATCH', '/api/v1/settings/funnels/{endpointUrl}', '/erp', { contentType: 'nope' }],
        [
          'POST',
          '/api/v1/settings/exports',
          '',
          { name: 'x', url: 'http://127.0.0.1:9/x', contentTypes: ['nope'] },
        ],
        [
          'POST',
          '/api/v1/settings/funnel-preview',
          '',
          { funnel: funnelOn('nope', { system: 'identifier' }), requestData: { sku: 'A' } },
        ],
        [
          'POST',
          '/api/v1/settings/suggested-paths',
          '',
          { contentType: 'nope', requestData: { sku: 'A' } },
        ],
        [
          'POST',
          '/api/v1/settings/tokens',
          '',
          { name: 'old', abilities: ['read'], expiresAt: '2020-01-01T00:00:00Z' },
        ],
      ];
      for (const [method, path, tail, body] of cases) {
        const url = path.replace(/\/\{[^}]+\}$/, '').replace(/^(.*)$/, `$1${tail}`);
        const response = await send(method, url, body);
        expect({ method, url, status: response.status }).toEqual({ method, url, status: 422 });
        expectMarked(method, path, 422);
      }
    });

    it('when a commit gives dryRun in the query and the body and they disagree, then 400, marked', async () => {
      const response = await send(
        'POST',
        `/api/v1/funnels/erp/syncs/${syncId}/commit?dryRun=true`,
        { maxDeletes: 1, dryRun: false },
      );
      expect(response.status).toBe(400);
      expectMarked('POST', '/api/v1/funnels/{endpointUrl}/syncs/{syncId}/commit', 400);
    });

    it('when a DELETE goes to a funnel without an identifier mapping, then 422 under _request, marked', async () => {
      const response = await send('DELETE', '/api/v1/funnels/unmapped', { identifiers: ['A-1'] });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors ?? {})).toEqual(['_request']);
      expectMarked('DELETE', '/api/v1/funnels/{endpointUrl}', 422);
    });

    it('when a write carries If-Match: * and If-None-Match: *, then 412 (the resource cannot both exist and not), marked', async () => {
      const url = '/api/v1/settings/content-types/products';
      const body = { name: 'Renamed', kind: 'product', properties: [] };
      const before = await etagFor(url);
      const response = await send('PUT', url, body, { 'If-Match': '*', 'If-None-Match': '*' });
      expect(response.status).toBe(412);
      expectMarked('PUT', '/api/v1/settings/content-types/{key}', 412);
      expect(await etagFor(url)).toBe(before);
    });
  });

  it("then the fuzzer's configuration, made from the document, expects each marked answer of a valid request", () => {
    const config = ruleRefusalConfig(document);
    const tableOf = (name: string) =>
      config.split('\n\n').find((table) => table.includes(`include-name = "${name}"`)) ?? '';
    expect(tableOf('POST /api/v1/settings/tokens')).toContain('"422"');
    expect(tableOf('PUT /api/v1/settings/content-types/{key}')).toMatch(
      /"412".*"422"|"422".*"412"/,
    );
    expect(tableOf('POST /api/v1/invitations/accept')).toContain('"410"');
    expect(tableOf('GET /api/v1/settings/users')).toBe('');
  });

  it('every operation that marks an answer still documents it as any other: a description and a body', () => {
    const marked = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .flatMap((op) => Object.values(op.responses))
      .filter((response) => response['x-rule-refusal']);
    expect(marked.length).toBeGreaterThan(20);
    expect(marked.filter((response) => !response.description)).toEqual([]);
  });
});

import { compileErrors, validate } from '@readme/openapi-parser';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { servedRoutes } from '../../support/served-routes';

/** Served, but no part of the JSON API: the docs page and its files, the console, the dashboard. */
const UNDOCUMENTED = [/^\/api\/v1\/docs/, /^\/console/, /^\/admin\/queues/];

interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] } | undefined>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

describe('the OpenAPI document and the docs page', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi('openapi');
  });
  afterAll(() => api.close());

  it('when /api/v1/openapi.json is fetched without a token, then it is a valid OpenAPI 3.1 document', async () => {
    const response = await api.call<Document>('GET', '/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'funnel-sync', version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
      servers: [{ url: '/' }],
    });
    const result = await validate(structuredClone(response.body) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
  });

  it('then it lists the settings users and tokens paths, with bearer security', async () => {
    const { body } = await api.call<Document>('GET', '/api/v1/openapi.json');
    expect(body.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const expected = {
      '/api/v1/settings/users': ['get', 'post'],
      '/api/v1/settings/users/{id}': ['delete', 'get', 'patch'],
      '/api/v1/settings/tokens': ['get', 'post'],
      '/api/v1/settings/tokens/{id}': ['delete'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(body.paths[path] ?? {}).sort()).toEqual(expect.arrayContaining(methods));
      for (const method of methods) {
        expect(body.paths[path]?.[method]?.security).toEqual([{ bearerAuth: [] }]);
      }
    }
  });

  it('when /api/v1/docs is fetched, then it is an HTML page whose scripts and styles all load', async () => {
    const page = await fetch(`${api.baseUrl}/api/v1/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<script[^>]*>[^<\s]/); // no inline script: the CSP forbids it
    expect(html).toContain('data-spec-url="/api/v1/openapi.json"');

    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      expect(asset.startsWith('/api/v1/docs/')).toBe(true); // local files, no CDN
      const response = await fetch(`${api.baseUrl}${asset}`);
      expect({ asset, status: response.status }).toEqual({ asset, status: 200 });
      await response.arrayBuffer();
    }
    const initializer = await fetch(`${api.baseUrl}/api/v1/docs/swagger-initializer.js`);
    expect(await initializer.text()).not.toContain('petstore');
  });

  it('when /api/v1/docs/ is fetched with a trailing slash, then the same page answers', async () => {
    const page = await fetch(`${api.baseUrl}/api/v1/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="swagger-ui"');
  });
});

describe('the OpenAPI document against the routes the app serves', () => {
  let api: TestApi;
  let document: Document;

  beforeAll(async () => {
    api = await startTestApi('openapi-routes');
    document = (await api.call<Document>('GET', '/api/v1/openapi.json')).body;
  });
  afterAll(() => api.close());

  it('every route below /api/v1 and every operations route has its path and methods in the document', () => {
    const routes = servedRoutes(api.app, ['/api/v1']);
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes
      .filter(({ path }) => !UNDOCUMENTED.some((pattern) => pattern.test(path)))
      .flatMap(({ path, methods }) =>
        methods
          .filter((method) => document.paths[path]?.[method] === undefined)
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(missing).toEqual([]);
  });

  it('the history list documents its filters, dryRun among them', () => {
    const list = document.paths['/api/v1/funnels/{endpointUrl}/history']?.get as
      { parameters?: { name: string; in: string; schema?: { enum?: string[] } }[] } | undefined;
    const query = (list?.parameters ?? []).filter((parameter) => parameter.in === 'query');
    expect(query.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['status', 'dryRun', 'sync', 'identifier', 'from', 'to']),
    );
    const dryRun = query.find((parameter) => parameter.name === 'dryRun');
    expect(dryRun?.schema?.enum).toEqual(['true', 'false']);
  });

  it('every funnel request answer of the README table is documented', () => {
    const operation = (method: string) =>
      document.paths['/api/v1/funnels/{endpointUrl}']?.[method] as
        | { responses: Record<string, unknown>; parameters?: { name: string; in: string }[] }
        | undefined;
    for (const method of ['post', 'delete']) {
      const responses = Object.keys(operation(method)?.responses ?? {}).sort();
      expect(responses).toEqual(
        expect.arrayContaining([
          '200',
          '400',
          '401',
          '403',
          '404',
          '413',
          '415',
          '422',
          '429',
          '503',
          '504',
        ]),
      );
      const parameters = (operation(method)?.parameters ?? []).map(
        ({ name, in: where }) => `${where}:${name}`,
      );
      expect(parameters).toEqual(
        expect.arrayContaining([
          'path:endpointUrl',
          'query:dryRun',
          'header:Idempotency-Key',
          'header:Prefer',
        ]),
      );
    }
    expect(Object.keys(operation('post')?.responses ?? {})).toContain('202');
  });

  it('when a path is served but not with the method asked, then 405 with Allow and the error body', async () => {
    const { token } = await api.bootstrap('acme');
    const cases: [string, string, string][] = [
      ['PUT', '/api/v1/funnels/anything', 'DELETE, OPTIONS, POST'],
      ['PATCH', '/api/v1/settings/funnels', 'GET, HEAD, OPTIONS, POST'],
      ['POST', '/api/v1/settings/funnels/erp/paths', 'GET, HEAD, OPTIONS'],
      ['DELETE', '/api/v1/openapi.json', 'GET, HEAD, OPTIONS'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await api.call(method, path, { token });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 405 });
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.body).toEqual({ status: 'error', message: expect.stringContaining(method) });
    }
    const absent = await api.call('PUT', '/api/v1/no-such-thing', { token });
    expect(absent.status).toBe(404);
  });
});

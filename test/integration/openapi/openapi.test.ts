import { compileErrors, validate } from '@readme/openapi-parser';
import { startTestApi, type TestApi } from '../../support/api-harness';

interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
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

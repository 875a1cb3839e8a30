/**
 * What the API settles before it reads a body: who is calling (401 before any body is read,
 * decompressed or parsed), which methods a path takes (OPTIONS, without a token), and the body's
 * charset (UTF-8 only, else a 415 that names the charset declared).
 */
import { gzipSync } from 'node:zlib';
import { startTestApi, type TestApi } from '../../support/api-harness';

describe('before a body is read', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi('request-preliminaries');
    ({ token } = await api.bootstrap('acme'));
  });
  afterAll(() => api.close());

  describe('authentication first', () => {
    const inflated = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const bomb = gzipSync(Buffer.from(inflated));

    it.each([
      ['POST', '/api/v1/settings/content-types'],
      ['PUT', '/api/v1/settings/funnels/erp'],
      ['POST', '/api/v1/settings/funnel-preview'],
      ['POST', '/api/v1/settings/exports'],
      ['POST', '/api/v1/funnels/erp'],
    ])(
      'when %s %s comes without a valid token, then it is a 401 whatever its body: a gzip body is not inflated, a malformed or oversized one not judged',
      async (method, path) => {
        for (const [body, headers] of [
          [bomb, { 'Content-Encoding': 'gzip' }],
          ['{"oops', {}],
          [Buffer.alloc(3 * 1024 * 1024, 0x20), {}],
          ['{}', { 'Content-Type': 'text/plain' }],
        ] as const) {
          const response = await fetch(`${api.baseUrl}${path}`, {
            method,
            headers: { 'Content-Type': 'application/json', ...headers, authorization: 'Bearer x' },
            body,
          });
          expect({ method, path, status: response.status }).toEqual({ method, path, status: 401 });
        }
      },
    );

    it('when a settings body is larger than the settings limit, then 413 for a caller who is known', async () => {
      const response = await fetch(`${api.baseUrl}/api/v1/settings/content-types`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
          authorization: `Bearer ${token}`,
        },
        body: bomb,
      });
      expect(response.status).toBe(413);
    });
  });

  describe('OPTIONS', () => {
    it.each([
      ['/api/v1/settings/funnels', 'GET, HEAD, OPTIONS, POST'],
      ['/api/v1/settings/funnels/erp', 'DELETE, GET, HEAD, OPTIONS, PATCH, PUT'],
      ['/api/v1/funnels/erp', 'DELETE, OPTIONS, POST'],
      ['/api/v1/settings/content-types/shoes', 'DELETE, GET, HEAD, OPTIONS, PUT'],
    ])(
      'when OPTIONS %s is asked without a token, then 204 with Allow listing its methods',
      async (path, allow) => {
        const response = await fetch(`${api.baseUrl}${path}`, { method: 'OPTIONS' });
        expect(response.status).toBe(204);
        expect(response.headers.get('allow')).toBe(allow);
      },
    );

    it('when OPTIONS names a path the API does not serve, then 404', async () => {
      const response = await fetch(`${api.baseUrl}/api/v1/no-such-thing`, { method: 'OPTIONS' });
      expect(response.status).toBe(404);
    });
  });

  describe('charset', () => {
    const utf16 = Buffer.from('\ufeff[{"sku":"A-1"}]', 'utf16le');

    it.each([
      ['POST', '/api/v1/funnels/erp', utf16],
      [
        'POST',
        '/api/v1/settings/content-types',
        Buffer.from('\ufeff{"key":"a","name":"A"}', 'utf16le'),
      ],
    ])(
      'when %s %s declares charset=utf-16, then 415 naming the charset, and nothing is parsed',
      async (method, path, body) => {
        const response = await fetch(`${api.baseUrl}${path}`, {
          method,
          headers: {
            'Content-Type': 'application/json; charset=utf-16',
            authorization: `Bearer ${token}`,
          },
          body,
        });
        expect(response.status).toBe(415);
        const answer = (await response.json()) as { message: string };
        expect(answer.message).toContain('UTF-8');
        expect(answer.message).toContain('charset=utf-16');
      },
    );

    it('when a body declares charset=UTF-8 (any case), then it is read', async () => {
      const response = await fetch(`${api.baseUrl}/api/v1/settings/content-types`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset="UTF-8"',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ key: 'charset-ok', name: 'Charset', properties: [] }),
      });
      expect(response.status).toBe(201);
    });
  });
});

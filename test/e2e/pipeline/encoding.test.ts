/**
 * How a funnel request's bytes arrive: a JSON Content-Type with a charset, compressed bodies
 * (good, broken, cut short, inflating past MAX_BODY_BYTES, of an unknown encoding) and an endpoint
 * URL that is not valid percent-encoding. Each is answered with a 2xx or 4xx and an ordinary envelope, never a 500.
 */
import { gzipSync } from 'node:zlib';
import { startPipeline, type Pipeline } from './pipeline-fixture';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('transport of funnel requests', () => {
  let p: Pipeline;
  let url: string;
  let contentType: string;

  beforeAll(async () => {
    p = await startPipeline('encoding');
    ({ url, contentType } = await p.scenario());
  });
  afterEach(() => expect(p.serverErrors()).toEqual([]));
  afterAll(() => p.close());

  const raw = (method: string, rawBody: string, headers: Record<string, string> = JSON_HEADERS) =>
    p.send(method, url, { rawBody, headers });

  it('when the Content-Type is JSON with a charset, then it is accepted', async () => {
    const response = await raw('POST', '{"sku": "A-2", "title": "Shoe"}', {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '1 item was imported' });
  });

  it.each(['gzip', 'deflate', 'br'])(
    'when a body sent as %s does not decompress, then 400',
    async (encoding) => {
      const response = await raw('POST', '{"sku": "A-1", "title": "Shoe"}', {
        ...JSON_HEADERS,
        'content-encoding': encoding,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        status: 'error',
        message: 'The request body could not be read',
      });
    },
  );

  it('when the Content-Encoding is unknown, then 415', async () => {
    const response = await raw('POST', '{"sku": "A-1", "title": "Shoe"}', {
      ...JSON_HEADERS,
      'content-encoding': 'compress',
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      status: 'error',
      message: 'The request body encoding is not supported',
    });
  });

  it('when the body is gzip-compressed, then it is imported', async () => {
    const response = await fetch(`${p.api.baseUrl}/api/v1/funnels/${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}`, ...JSON_HEADERS, 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ sku: 'zipped', title: 'Zipped' })),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success', message: '1 item was imported' });
    expect(await p.item(contentType, 'zipped')).toMatchObject({ name: 'Zipped' });
  });

  it.each([['application/json'], ['application/x-ndjson']])(
    'when a %s body of 40 MiB comes gzip-compressed to 40 KiB, then 413 and nothing is stored',
    async (type) => {
      const inflated = Buffer.alloc(40 * 1024 * 1024, ' ');
      inflated.write('{"sku": "bomb", "title": "Bomb"}');
      const compressed = gzipSync(inflated, { level: 9 });
      expect(compressed.length).toBeLessThan(64 * 1024);
      const response = await fetch(`${p.api.baseUrl}/api/v1/funnels/${url}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${p.token}`,
          'content-type': type,
          'content-encoding': 'gzip',
        },
        body: compressed,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        status: 'error',
        message: 'The request body is too large',
      });
      expect(await p.item(contentType, 'bomb')).toBeNull();
    },
  );

  it.each([['application/json'], ['application/x-ndjson']])(
    'when a %s body is a gzip stream cut short, then 400 and nothing is stored',
    async (type) => {
      const compressed = gzipSync(JSON.stringify({ sku: 'cut', title: 'Cut' }));
      const response = await fetch(`${p.api.baseUrl}/api/v1/funnels/${url}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${p.token}`,
          'content-type': type,
          'content-encoding': 'gzip',
        },
        body: compressed.subarray(0, compressed.length - 6),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        status: 'error',
        message: 'The request body could not be read',
      });
      expect(await p.item(contentType, 'cut')).toBeNull();
    },
  );

  it('when the endpoint URL or an identifier in a path is not valid percent-encoding, then 400', async () => {
    for (const method of ['POST', 'DELETE']) {
      const response = await p.send(method, '%E0%A4%A', { body: { identifiers: ['A-1'] } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        status: 'error',
        message: 'The request path is not valid percent-encoding',
      });
    }
    const item = await p.api.call('GET', `/api/v1/content-types/${contentType}/items/%E0%A4%A`, {
      token: p.token,
    });
    expect(item.status).toBe(400);
    expect(item.body).toEqual({
      status: 'error',
      message: 'The request path is not valid percent-encoding',
    });
  });
});

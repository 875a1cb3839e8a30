/**
 * How a funnel request's bytes arrive: a JSON Content-Type with a charset, compressed bodies
 * (good, broken, of an unknown encoding) and an endpoint URL that is not valid percent-encoding.
 * Each is answered with a 2xx or 4xx and an ordinary envelope, never a 500.
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

/**
 * A funnel's sample (`requestData`) is any JSON a sender might post, so keys the store refuses in
 * a document (a NUL, a leading `$`, a dot, `$date` under a key) must be kept as sent.
 */
import { startTestApi, type TestApi } from '../../support/api-harness';

const FUNNELS = '/api/v1/settings/funnels';

const SAMPLES: Record<string, Record<string, unknown>> = {
  'a NUL in a key': { 'a\u0000b': 1 },
  'a key starting with $': { $where: 1 },
  'a dot in a key': { 'a.b': 1 },
  'an extended JSON operator under a key': { x: { $date: '2024-01-01T00:00:00Z' } },
};

describe('settings: a funnel sample with keys the store refuses', () => {
  let api: TestApi;
  let token: string;

  const funnel = (endpointUrl: string, requestData?: unknown) => ({
    contentType: 'products',
    name: 'Sample keys',
    endpointUrl,
    ...(requestData === undefined ? {} : { requestData }),
    mappings: [{ source: 'sku', target: { system: 'identifier' } }],
  });
  const read = async (endpointUrl: string) => {
    const response = await api.call('GET', `${FUNNELS}/${endpointUrl}`, { token });
    expect(response.status).toBe(200);
    return response.body.requestData;
  };

  beforeAll(async () => {
    api = await startTestApi('funnel-sample-storage');
    ({ token } = await api.bootstrap('acme'));
    const response = await api.call('PUT', '/api/v1/settings/content-types/products', {
      token,
      body: { name: 'Products', kind: 'product', properties: [] },
    });
    expect(response.status).toBe(201);
  });
  afterAll(() => api.close());

  describe.each(Object.entries(SAMPLES))('with %s', (label, sample) => {
    const slug = label.replace(/[^a-z]+/g, '-');

    it('when it is posted, then 201 and it reads back as sent', async () => {
      const response = await api.call('POST', FUNNELS, {
        token,
        body: funnel(`post-${slug}`, sample),
      });
      expect(response.status).toBe(201);
      expect(response.body.requestData).toEqual(sample);
      expect(await read(`post-${slug}`)).toEqual(sample);
    });

    it('when it is put, then 200 and it reads back as sent', async () => {
      await api.call('POST', FUNNELS, { token, body: funnel(`put-${slug}`) });
      const response = await api.call('PUT', `${FUNNELS}/put-${slug}`, {
        token,
        body: funnel(`put-${slug}`, [sample]),
      });
      expect(response.status).toBe(200);
      expect(await read(`put-${slug}`)).toEqual([sample]);
    });

    it('when it is patched in, then 200 and it reads back as sent, also after another patch', async () => {
      await api.call('POST', FUNNELS, { token, body: funnel(`patch-${slug}`) });
      const path = `${FUNNELS}/patch-${slug}`;
      const patched = await api.call('PATCH', path, { token, body: { requestData: sample } });
      expect(patched.status).toBe(200);
      expect(await read(`patch-${slug}`)).toEqual(sample);
      // A patch of another field lays the stored sample over again.
      const renamed = await api.call('PATCH', path, { token, body: { name: 'Renamed' } });
      expect(renamed.status).toBe(200);
      expect(await read(`patch-${slug}`)).toEqual(sample);
    });
  });

  it('when a sample has such keys, then its paths list the addressable ones', async () => {
    const sample = { $where: 1, 'a.b': 2, x: { $date: 'd' } };
    await api.call('POST', FUNNELS, { token, body: funnel('paths-of-odd-keys', sample) });
    const response = await api.call<{ items: { path: string; type: string }[] }>(
      'GET',
      `${FUNNELS}/paths-of-odd-keys/paths`,
      { token },
    );
    expect(response.status).toBe(200);
    expect(response.body.items.map(({ path, type }) => ({ path, type }))).toEqual([
      { path: '$where', type: 'number' },
      { path: 'x', type: 'object' },
      { path: 'x.$date', type: 'string' },
    ]);
  });
});

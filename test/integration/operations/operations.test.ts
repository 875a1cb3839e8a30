/**
 * Operating it: Prometheus metrics of funnel requests, items and the queue, with a bounded set of
 * funnel labels, behind METRICS_TOKEN when it is set. The queue dashboard: queue-dashboard.test.ts.
 */
import { signToken } from '../../../core/auth/token-signer';
import type { Ability, Permission } from '../../../core/auth/access';
import { startTestWorker, type TestWorker } from '../../support/worker-harness';
import { startTestApi, type TestApi } from '../../support/api-harness';

const METRICS_TOKEN = 'a-metrics-token-for-the-scraper-1234';

describe('metrics', () => {
  let api: TestApi;
  let worker: TestWorker;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi('operations', { METRICS_TOKEN, METRICS_MAX_FUNNELS: '2' });
    worker = await startTestWorker(api.env);
    ({ token } = await api.bootstrap('acme'));
    await api.call('PUT', '/api/v1/settings/content-types/products', {
      token,
      body: { name: 'Products', kind: 'product', properties: [] },
    });
    await api.call('POST', '/api/v1/settings/funnels', {
      token,
      body: {
        contentType: 'products',
        name: 'ERP',
        endpointUrl: 'erp',
        mappings: [
          { source: 'sku', target: { system: 'identifier' } },
          { source: 'title', target: { system: 'name' } },
        ],
      },
    });
  });
  afterAll(async () => {
    await worker.stop();
    await api.close();
  });

  async function scrape(): Promise<string> {
    const response = await fetch(`${api.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    return response.text();
  }

  /** A token of a new user of acme, made directly in the store. */
  async function tokenOf(permissions: Permission[], abilities: Ability[]): Promise<string> {
    const { users, tokens, config } = api.context;
    const user = await users.create('acme', { email: `u${Date.now()}@acme.test`, permissions });
    const record = await tokens.create('acme', {
      userId: user._id,
      name: 'limited',
      abilities,
      expiresAt: null,
    });
    return signToken(
      { userId: user._id, tenant: 'acme', tokenId: record._id, abilities },
      config.JWT_SECRET,
    );
  }

  it('when funnel requests ran, then /metrics counts requests, items and time by funnel', async () => {
    await api.call('POST', '/api/v1/funnels/erp', {
      token,
      body: [
        { sku: 'M-1', title: 'a' },
        { sku: 'M-2', title: 'b' },
      ],
    });
    await api.call('POST', '/api/v1/funnels/erp', { token, body: [{ sku: 'M-3' }] });
    await api.call('DELETE', '/api/v1/funnels/erp', { token, body: { identifiers: ['M-1'] } });
    const text = await scrape();
    expect(text).toContain(
      'funnel_sync_requests_total{funnel="acme/erp",method="POST",status="200"} 1',
    );
    expect(text).toContain(
      'funnel_sync_requests_total{funnel="acme/erp",method="POST",status="422"} 1',
    );
    expect(text).toContain('funnel_sync_items_total{funnel="acme/erp",outcome="imported"} 2');
    expect(text).toContain('funnel_sync_items_total{funnel="acme/erp",outcome="failed"} 1');
    expect(text).toContain('funnel_sync_items_total{funnel="acme/erp",outcome="deleted"} 1');
    expect(text).toMatch(/funnel_sync_processing_seconds_count\{funnel="acme\/erp"\} 3/);
    expect(text).toMatch(/funnel_sync_queue_wait_seconds_bucket/);
    expect(text).toMatch(/funnel_sync_queue_jobs\{shard="0",state="waiting"\} \d+/);
    expect(text).toContain('funnel_sync_workers 1');
  });

  it('when dry runs fail, then they are counted apart: no failed request or item in the metrics', async () => {
    const dry = await api.call('POST', '/api/v1/funnels/erp?dryRun=true', {
      token,
      body: [{ sku: 'D-1' }, { sku: 'D-2' }],
    });
    expect(dry.status).toBe(422);
    const text = await scrape();
    expect(text).toContain(
      'funnel_sync_dry_runs_total{funnel="acme/erp",method="POST",status="422"} 1',
    );
    // As the test above left them.
    expect(text).toContain(
      'funnel_sync_requests_total{funnel="acme/erp",method="POST",status="422"} 1',
    );
    expect(text).toContain('funnel_sync_items_total{funnel="acme/erp",outcome="failed"} 1');
  });

  it('when requests are refused, then they are labelled by the funnel when it exists, else "unknown"', async () => {
    // The funnel was used above, so this process knows it exists.
    const limited = await tokenOf(['manage_settings'], ['create']);
    expect(
      (await api.call('POST', '/api/v1/funnels/erp', { token: limited, body: [] })).status,
    ).toBe(403);
    expect((await api.call('POST', '/api/v1/funnels/erp', { body: [{ sku: 'x' }] })).status).toBe(
      401,
    );
    const missing = await api.call('POST', '/api/v1/funnels/nope', { token, body: [{ sku: 'x' }] });
    expect(missing.status).toBe(404);
    const text = await scrape();
    expect(text).toContain(
      'funnel_sync_requests_total{funnel="acme/erp",method="POST",status="403"} 1',
    );
    expect(text).toContain(
      'funnel_sync_requests_total{funnel="unknown",method="POST",status="401"} 1',
    );
    expect(text).toContain(
      'funnel_sync_requests_total{funnel="unknown",method="POST",status="404"} 1',
    );
    expect(text).not.toMatch(/undefined|acme\/nope/);
  });

  it('when more funnels are used than METRICS_MAX_FUNNELS, then the rest are labelled "other"', async () => {
    for (const endpointUrl of ['erp-b', 'erp-c']) {
      const made = await api.call('POST', '/api/v1/settings/funnels', {
        token,
        body: {
          contentType: 'products',
          name: endpointUrl,
          endpointUrl,
          mappings: [{ source: 'sku', target: { system: 'identifier' } }],
        },
      });
      expect(made.status).toBe(201);
      const sent = await api.call('POST', `/api/v1/funnels/${endpointUrl}`, {
        token,
        body: [{ sku: `${endpointUrl}-1` }],
      });
      expect(sent.status).toBe(200);
    }
    const text = await scrape();
    expect(text).toContain(
      'funnel_sync_requests_total{funnel="acme/erp-b",method="POST",status="200"} 1',
    );
    expect(text).toContain(
      'funnel_sync_requests_total{funnel="other",method="POST",status="200"} 1',
    );
    expect(text).toContain('funnel_sync_items_total{funnel="other",outcome="imported"} 1');
    expect(text).not.toContain('acme/erp-c');
  });

  it('when METRICS_TOKEN is set, then /metrics needs it as a Bearer token', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${token}` },
      { authorization: 'Bearer wrong-metrics-token-of-some-length' },
      { authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}` },
    ];
    for (const headers of refusals) {
      const response = await fetch(`${api.baseUrl}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.text()).not.toContain('acme');
    }
  });

  it('when METRICS_TOKEN is unset, then /metrics is open', async () => {
    const open = await startTestApi('metrics-open');
    try {
      expect((await fetch(`${open.baseUrl}/metrics`)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

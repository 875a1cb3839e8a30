/**
 * Operating it: Prometheus metrics of funnel requests, items and the queue; the queue dashboard
 * for a token whose user has manage_settings.
 */
import { signToken } from '../../../core/auth/token-signer';
import { startProcess, type RunningProcess } from '../../support/processes';
import { startTestApi, type TestApi } from '../../support/api-harness';

describe('metrics and queue dashboard', () => {
  let api: TestApi;
  let worker: RunningProcess;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi('operations');
    worker = await startProcess('worker', api.env);
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
    const response = await fetch(`${api.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
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
    expect(text).toMatch(/funnel_sync_queue_jobs\{state="waiting"\} \d+/);
    expect(text).toContain('funnel_sync_workers 1');
  });

  it('when a token with manage_settings opens /admin/queues, then the dashboard answers', async () => {
    const page = await fetch(`${api.baseUrl}/admin/queues`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const queues = await fetch(`${api.baseUrl}/admin/queues/api/queues`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(queues.status).toBe(200);
    expect(JSON.stringify(await queues.json())).toContain('funnel-requests');
  });

  it('when the token is missing or its user lacks manage_settings, then the dashboard refuses', async () => {
    expect((await fetch(`${api.baseUrl}/admin/queues`)).status).toBe(401);
    const { users, tokens, config } = api.context;
    const user = await users.create('acme', {
      email: 'funnels-only@acme.test',
      permissions: ['manage_funnels'],
    });
    const record = await tokens.create('acme', {
      userId: user._id,
      name: 'f',
      abilities: ['read'],
      expiresAt: null,
    });
    const limited = signToken(
      { userId: user._id, tenant: 'acme', tokenId: record._id, abilities: ['read'] },
      config.JWT_SECRET,
    );
    expect(
      (
        await fetch(`${api.baseUrl}/admin/queues`, {
          headers: { authorization: `Bearer ${limited}` },
        })
      ).status,
    ).toBe(403);
  });
});

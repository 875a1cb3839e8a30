/**
 * The queue dashboard belongs to the service's operators: it is served only when
 * DASHBOARD_USER and DASHBOARD_PASSWORD are set, opens with that credential (HTTP Basic) and
 * never with a tenant's token, and changes nothing unless DASHBOARD_WRITES=true.
 */
import { FUNNEL_QUEUE } from '../../../core/queue/queue-names';
import { startTestApi, type TestApi } from '../../support/api-harness';

const OPERATOR = { DASHBOARD_USER: 'ops', DASHBOARD_PASSWORD: 'a-long-operator-password-1234' };

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

const asOperator = { authorization: basic(OPERATOR.DASHBOARD_USER, OPERATOR.DASHBOARD_PASSWORD) };

async function dashboard(
  api: TestApi,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: unknown,
): Promise<Response> {
  return fetch(`${api.baseUrl}/admin/queues${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * The dashboard's name of the funnel queue that holds the tenant's jobs, as a path segment: with
 * several shards, each shard's queue is listed under a name that tells its shard.
 */
async function funnelQueueName(api: TestApi, tenant: string): Promise<string> {
  const listed = await dashboard(api, '/api/queues', asOperator);
  const { queues } = (await listed.json()) as { queues: { name: string }[] };
  const { shards } = api.context.queue.keys;
  const shardName = `shard ${shards.of(tenant).index}: `;
  const found = queues.find(
    ({ name }) => name.endsWith(FUNNEL_QUEUE) && (shards.count === 1 || name.startsWith(shardName)),
  );
  if (!found) throw new Error(`no queue of tenant ${tenant} among ${JSON.stringify(queues)}`);
  return encodeURIComponent(found.name);
}

describe('queue dashboard: not configured', () => {
  let api: TestApi;
  let owner: string;

  beforeAll(async () => {
    api = await startTestApi('dashboard-off');
    ({ token: owner } = await api.bootstrap('acme'));
  });
  afterAll(() => api.close());

  it('when no operator credential is set, then the dashboard is not served, even to a tenant with manage_settings', async () => {
    for (const path of ['', '/api/queues']) {
      expect((await dashboard(api, path, { authorization: `Bearer ${owner}` })).status).toBe(404);
      expect((await dashboard(api, path, {})).status).toBe(404);
    }
  });
});

describe('queue dashboard: read-only for the operator', () => {
  let api: TestApi;
  let owner: string;
  let queueName: string;
  let jobId: string;

  beforeAll(async () => {
    api = await startTestApi('dashboard-ro', OPERATOR);
    ({ token: owner } = await api.bootstrap('acme'));
    // No worker runs: the job stays waiting, as a tenant's job would between receipt and work.
    const queue = api.context.queue.queues.of('acme');
    const job = await queue.add('ingest', { tenant: 'acme', marker: 'kept' });
    jobId = String(job.id);
    queueName = await funnelQueueName(api, 'acme');
  });
  afterAll(() => api.close());

  it("when a tenant's token with manage_settings is sent, then the dashboard and its API refuse it", async () => {
    for (const path of ['', '/api/queues', `/api/queues/${queueName}/${jobId}`]) {
      const response = await dashboard(api, path, { authorization: `Bearer ${owner}` });
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="/);
      expect(await response.text()).not.toContain('kept');
    }
    // The console's old cookie, carrying a tenant's token, opens nothing either.
    const cookie = await dashboard(api, '/api/queues', { cookie: `funnel_sync_console=${owner}` });
    expect(cookie.status).toBe(401);
  });

  it('when the operator credential is wrong, then 401 with a Basic challenge', async () => {
    for (const authorization of [
      basic(OPERATOR.DASHBOARD_USER, 'wrong-password-of-the-same-size!'),
      basic('someone', OPERATOR.DASHBOARD_PASSWORD),
      basic(OPERATOR.DASHBOARD_USER, ''),
      'Basic not-base64!!',
      'Basic',
    ]) {
      const response = await dashboard(api, '/api/queues', { authorization });
      expect({ authorization, status: response.status }).toEqual({ authorization, status: 401 });
    }
    expect((await dashboard(api, '', {})).status).toBe(401);
  });

  it('when the operator credential is sent, then the dashboard and its API answer', async () => {
    const page = await dashboard(api, '', asOperator);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const queues = await dashboard(api, '/api/queues', asOperator);
    expect(queues.status).toBe(200);
    expect(JSON.stringify(await queues.json())).toContain('funnel-requests');
    const job = await dashboard(api, `/api/queues/${queueName}/${jobId}`, asOperator);
    expect(job.status).toBe(200);
  });

  it('when writes are not turned on, then every changing call is refused and nothing changes', async () => {
    const attempts: [string, string, unknown?][] = [
      ['PUT', '/api/queues/pause'],
      ['PUT', `/api/queues/${queueName}/pause`],
      ['POST', `/api/queues/${queueName}/add`, { name: 'ingest', data: { tenant: 'other' } }],
      ['PATCH', `/api/queues/${queueName}/${jobId}/update-data`, { data: { tenant: 'other' } }],
      ['PUT', `/api/queues/${queueName}/${jobId}/retry`],
      ['PUT', `/api/queues/${queueName}/retry/failed`],
      ['PUT', `/api/queues/${queueName}/clean/waiting`],
      ['PUT', `/api/queues/${queueName}/${jobId}/clean`],
      ['PUT', `/api/queues/${queueName}/empty`],
      ['DELETE', `/api/queues/${queueName}/${jobId}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await dashboard(api, path, asOperator, method, body);
      expect({ method, path, refused: response.status >= 400 && response.status < 500 }).toEqual({
        method,
        path,
        refused: true,
      });
    }
    const queue = api.context.queue.queues.of('acme');
    expect(await queue.isPaused()).toBe(false);
    expect(await queue.getJobCounts('waiting')).toMatchObject({ waiting: 1 });
    expect((await queue.getJob(jobId))?.data).toEqual({ tenant: 'acme', marker: 'kept' });
  });
});

describe('queue dashboard: writes turned on', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi('dashboard-rw', { ...OPERATOR, DASHBOARD_WRITES: 'true' });
  });
  afterAll(() => api.close());

  it('when DASHBOARD_WRITES=true, then the operator may pause and resume the queue', async () => {
    const name = await funnelQueueName(api, 'acme');
    const queue = api.context.queue.queues.of('acme');
    expect((await dashboard(api, `/api/queues/${name}/pause`, asOperator, 'PUT')).status).toBe(200);
    expect(await queue.isPaused()).toBe(true);
    expect((await dashboard(api, `/api/queues/${name}/resume`, asOperator, 'PUT')).status).toBe(
      200,
    );
    expect(await queue.isPaused()).toBe(false);
  });
});

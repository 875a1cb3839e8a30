/**
 * The console no longer carries a tenant's sign-in anywhere else: the queue dashboard belongs to
 * the operators, so there is no session endpoint turning a tenant's token into a cookie for it.
 */
import { startTestApi, type TestApi } from '../support/api-harness';

describe('the console and the queue dashboard', () => {
  let api: TestApi;
  let owner: { token: string };

  beforeAll(async () => {
    api = await startTestApi('console-session', {
      DASHBOARD_USER: 'ops',
      DASHBOARD_PASSWORD: 'a-long-operator-password-1234',
    });
    owner = await api.bootstrap('acme');
  });
  afterAll(() => api.close());

  it("when a tenant's token asks for a dashboard session, then there is none to open and no cookie is set", async () => {
    for (const method of ['POST', 'DELETE']) {
      const response = await fetch(`${api.baseUrl}/console/session`, {
        method,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect({ method, status: response.status }).toEqual({ method, status: 404 });
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it("when the old session cookie holds a tenant's token, then the dashboard refuses it", async () => {
    const response = await fetch(`${api.baseUrl}/admin/queues/api/queues`, {
      headers: { cookie: `funnel_sync_console=${owner.token}` },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
  });
});

/**
 * The console's session for the queue dashboard, over plain HTTP: POST /console/session turns a
 * token that may view the dashboard into a cookie that only /admin receives, the dashboard takes
 * that cookie in place of a header and checks it in full, and the token never reaches a log line.
 */
import { startTestApi, type TestApi } from '../support/api-harness';
import { tokenWith } from './support/tokens';

const COOKIE = 'funnel_sync_console';

describe('the console session for the queue dashboard', () => {
  let api: TestApi;
  let owner: { token: string };

  beforeAll(async () => {
    api = await startTestApi('console-session');
    owner = await api.bootstrap('acme');
  });
  afterAll(() => api.close());

  const openSession = (token: string | undefined, headers: Record<string, string> = {}) =>
    fetch(`${api.baseUrl}/console/session`, {
      method: 'POST',
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const dashboard = (cookie: string, headers: Record<string, string> = {}) =>
    fetch(`${api.baseUrl}/admin/queues/api/queues`, { headers: { ...headers, cookie } });

  it('when a token with manage_settings opens a session, then an HttpOnly, SameSite=Strict cookie for /admin holds it for an hour', async () => {
    const response = await openSession(owner.token);
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const cookie = response.headers.get('set-cookie') ?? '';
    const attributes = cookie.split('; ');
    expect(attributes).toHaveLength(6);
    expect(attributes).toEqual(
      expect.arrayContaining([
        `${COOKIE}=${owner.token}`,
        'Max-Age=3600',
        expect.stringMatching(/^Expires=/),
        'Path=/admin',
        'HttpOnly',
        'SameSite=Strict',
      ]),
    );
  });

  it('when the console is on https, then the cookie is Secure too', async () => {
    const response = await openSession(owner.token, { origin: 'https://sync.example' });
    expect(response.headers.get('set-cookie')).toMatch(/; Secure(;|$)/);
  });

  it('when the cookie is sent to /admin/queues, then the dashboard answers as for the header', async () => {
    const response = await dashboard(`other=1; ${COOKIE}=${owner.token}`);
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain('funnel-requests');
  });

  it('when the token is missing, bad, or its user lacks manage_settings, then no session is opened', async () => {
    const limited = await tokenWith(api, owner.token, 'no-settings', {
      permissions: ['manage_funnels'],
      abilities: ['read'],
    });
    const missing = await openSession(undefined);
    const bad = await openSession('not.a.token');
    const refused = await openSession(limited.token);
    expect([missing.status, bad.status, refused.status]).toEqual([401, 401, 403]);
    expect(await refused.json()).toEqual({
      status: 'error',
      message: 'The token\'s user lacks the "manage_settings" permission',
    });
    for (const response of [missing, bad, refused]) {
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('when the cookie holds a bad, revoked or under-privileged token, then the dashboard refuses it', async () => {
    const limited = await tokenWith(api, owner.token, 'cookie-limited', {
      permissions: ['manage_funnels'],
      abilities: ['read'],
    });
    const revoked = await tokenWith(api, owner.token, 'cookie-revoked', {
      permissions: ['manage_settings'],
      abilities: ['read'],
    });
    await api.call('DELETE', `/api/v1/settings/tokens/${revoked.tokenId}`, { token: owner.token });
    // Every API process honours a revocation within a second; wait until this one does.
    while ((await dashboard('', { authorization: `Bearer ${revoked.token}` })).status !== 401) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await dashboard(`${COOKIE}=not-a-jwt`)).status).toBe(401);
    expect((await dashboard(`${COOKIE}=${limited.token}`)).status).toBe(403);
    const afterRevocation = await dashboard(`${COOKIE}=${revoked.token}`);
    expect(afterRevocation.status).toBe(401);
    expect(await afterRevocation.json()).toMatchObject({ message: 'The token has been revoked' });
  });

  it('when a header is sent with the cookie, then the header decides', async () => {
    const limited = await tokenWith(api, owner.token, 'header-wins', {
      permissions: ['manage_funnels'],
      abilities: ['read'],
    });
    const response = await dashboard(`${COOKIE}=${owner.token}`, {
      authorization: `Bearer ${limited.token}`,
    });
    expect(response.status).toBe(403);
  });

  it('when the session is closed, then the cookie is cleared without needing a token', async () => {
    const response = await fetch(`${api.baseUrl}/console/session`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(
      new RegExp(
        `^${COOKIE}=; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$`,
      ),
    );
  });

  it('then no log line holds the token', () => {
    const logged = JSON.stringify(api.logLines);
    expect(api.logLines.some((line) => line.path === '/console/session')).toBe(true);
    expect(logged).not.toContain(owner.token);
  });
});

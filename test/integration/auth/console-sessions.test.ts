/**
 * People sign in as themselves (docs/access.md#sessions): an invitation sets a password once, the
 * password opens a cookie session that acts with the user's permissions, changes need the
 * console's header, guessing is slowed, and a session ends with its user.
 */
import { startTestApi, type TestApi } from '../../support/api-harness';

const CONSOLE = { 'x-funnel-sync-console': '1' };
const PASSWORD = 'correct horse battery';

/** The cookie the answer set, as a browser would send it back. */
function cookieOf(headers: Headers): string {
  const setCookie = headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}

describe('console sessions', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi('console-sessions', {
      SIGN_IN_LIMIT_PER_ACCOUNT: '3',
      SIGN_IN_LIMIT_PER_ADDRESS: '1000',
      PUBLIC_URL: 'https://sync.example.test/tenant-console/',
    });
  });
  afterAll(() => api.close());

  async function invite(token: string, userId: string) {
    return api.call<{ secret: string; link: string; consolePath: string; validUntil: string }>(
      'POST',
      `/api/v1/settings/users/${userId}/invitation`,
      { token },
    );
  }

  async function personWithPassword(tenant: string, email = `owner@${tenant}.test`) {
    const owner = await api.bootstrap(tenant, email);
    const invitation = await invite(owner.token, owner.userId);
    expect(invitation.status).toBe(201);
    const accepted = await api.call('POST', '/api/v1/invitations/accept', {
      headers: CONSOLE,
      body: { secret: invitation.body.secret, password: PASSWORD },
    });
    expect(accepted.status).toBe(200);
    return owner;
  }

  function signIn(tenant: string, email: string, password: string) {
    return api.call('POST', '/api/v1/session', {
      headers: CONSOLE,
      body: { tenant, email, password },
    });
  }

  describe('invitations', () => {
    it('when an invitation is made, then its link is shown once and no answer holds a password', async () => {
      const owner = await api.bootstrap('inv-shown');
      const invitation = await invite(owner.token, owner.userId);
      expect(invitation.body.consolePath).toBe(`/console/#/invitation/${invitation.body.secret}`);
      // The link starts with the service's public address, wherever the call came from.
      expect(invitation.body.link).toBe(
        `https://sync.example.test/tenant-console/console/#/invitation/${invitation.body.secret}`,
      );
      const stored = await api.context.db.invitations.findOne({ userId: owner.userId });
      expect(JSON.stringify(stored)).not.toContain(invitation.body.secret);
      await api.call('POST', '/api/v1/invitations/accept', {
        headers: CONSOLE,
        body: { secret: invitation.body.secret, password: PASSWORD },
      });
      const users = await api.call('GET', '/api/v1/settings/users', { token: owner.token });
      expect(JSON.stringify(users.body)).not.toMatch(/scrypt|hash|password/i);
      const logged = JSON.stringify(api.logLines);
      expect(logged).not.toContain(PASSWORD);
      expect(logged).not.toContain(invitation.body.secret);
    });

    it('when an invitation is used twice, then the second use is refused with 410', async () => {
      const owner = await api.bootstrap('inv-used');
      const { secret } = (await invite(owner.token, owner.userId)).body;
      const body = { secret, password: PASSWORD };
      const first = await api.call('POST', '/api/v1/invitations/accept', {
        headers: CONSOLE,
        body,
      });
      const second = await api.call('POST', '/api/v1/invitations/accept', {
        headers: CONSOLE,
        body,
      });
      expect(first.status).toBe(200);
      expect(second.status).toBe(410);
      expect(second.body.message).toMatch(/already used/);
    });

    it('when one invitation is accepted several times at once, then exactly one use succeeds', async () => {
      const owner = await api.bootstrap('inv-race');
      const { secret } = (await invite(owner.token, owner.userId)).body;
      const accept = (n: number) =>
        api.call('POST', '/api/v1/invitations/accept', {
          headers: CONSOLE,
          body: { secret, password: `${PASSWORD}-${n}` },
        });
      const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(accept));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 410, 410, 410, 410, 410]);
    });

    it('when an invitation has expired, then it is refused with 410 and sets no password', async () => {
      const owner = await api.bootstrap('inv-expired');
      const { secret } = (await invite(owner.token, owner.userId)).body;
      await api.context.db.invitations.updateMany(
        { userId: owner.userId },
        { $set: { validUntil: new Date(Date.now() - 1000) } },
      );
      const accepted = await api.call('POST', '/api/v1/invitations/accept', {
        headers: CONSOLE,
        body: { secret, password: PASSWORD },
      });
      expect(accepted.status).toBe(410);
      expect(accepted.body.message).toMatch(/expired/);
      expect(await api.context.db.passwords.findOne({ _id: owner.userId })).toBeNull();
    });

    it('when the password is too short, then 422 says the rule', async () => {
      const owner = await api.bootstrap('inv-short');
      const { secret } = (await invite(owner.token, owner.userId)).body;
      const accepted = await api.call('POST', '/api/v1/invitations/accept', {
        headers: CONSOLE,
        body: { secret, password: 'short' },
      });
      expect(accepted.status).toBe(422);
      expect(accepted.body).toMatchObject({
        errors: { password: 'A password needs at least 12 characters' },
      });
    });

    it('when a caller lacks a permission of the user, then it may not invite it (403)', async () => {
      const owner = await api.bootstrap('inv-outranked');
      const settingsOnly = await api.call<{ id: string }>('POST', '/api/v1/settings/users', {
        token: owner.token,
        body: { email: 'admin@inv-outranked.test', permissions: ['manage_settings'] },
      });
      const made = await api.call<{ token: string }>('POST', '/api/v1/settings/tokens', {
        token: owner.token,
        body: { name: 'admin', userId: settingsOnly.body.id, abilities: ['read', 'create'] },
      });
      const invitation = await invite(made.body.token, owner.userId);
      expect(invitation.status).toBe(403);
      expect((invitation.body as unknown as { message: string }).message).toMatch(/manage_funnels/);
    });
  });

  describe('signing in and out', () => {
    it('when the password is right, then the cookie is HttpOnly, SameSite=Strict, Path=/ and opens the API', async () => {
      const owner = await personWithPassword('sign-in');
      const signedIn = await signIn('sign-in', 'owner@sign-in.test', PASSWORD);
      expect(signedIn.status).toBe(201);
      const setCookie = signedIn.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^funnel_sync_session=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).toMatch(/; SameSite=Strict/);
      expect(setCookie).toMatch(/; Path=\//);
      expect(setCookie).not.toMatch(/Secure/); // plain http, no trusted proxy
      const cookie = cookieOf(signedIn.headers);
      const stored = await api.context.db.sessions.findOne({ userId: owner.userId });
      expect(stored?._id).not.toBe(cookie.split('=')[1]);
      const me = await api.call('GET', '/api/v1/settings/me', { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        tenant: 'sign-in',
        token: { name: 'console session', abilities: ['read', 'create', 'update', 'delete'] },
        user: { id: owner.userId },
      });
      const funnels = await api.call('GET', '/api/v1/settings/funnels', { headers: { cookie } });
      expect(funnels.status).toBe(200);
    });

    it('when one address tries too many accounts, then it is refused with 429 too', async () => {
      const strict = await startTestApi('sign-in-address', { SIGN_IN_LIMIT_PER_ADDRESS: '2' });
      try {
        const attempt = (email: string) =>
          strict.call('POST', '/api/v1/session', {
            headers: CONSOLE,
            body: { tenant: 'anyone', email, password: 'not a password' },
          });
        expect((await attempt('one@anyone.test')).status).toBe(401);
        expect((await attempt('two@anyone.test')).status).toBe(401);
        const refused = await attempt('three@anyone.test');
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await strict.close();
      }
    });

    it('when the e-mail or the password is wrong, then both get the same 401', async () => {
      await personWithPassword('wrong');
      const wrongPassword = await signIn('wrong', 'owner@wrong.test', 'not the password');
      const wrongEmail = await signIn('wrong', 'nobody@wrong.test', PASSWORD);
      expect(wrongPassword.status).toBe(401);
      expect(wrongEmail.status).toBe(401);
      expect(wrongEmail.body).toEqual(wrongPassword.body);
      expect(wrongPassword.headers.get('set-cookie')).toBeNull();
    });

    it('when a change is sent with the cookie but without the console header, then it is refused with 403', async () => {
      await personWithPassword('csrf');
      const cookie = cookieOf((await signIn('csrf', 'owner@csrf.test', PASSWORD)).headers);
      const body = { email: 'new@csrf.test', permissions: [] };
      const refused = await api.call('POST', '/api/v1/settings/users', {
        headers: { cookie },
        body,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/X-Funnel-Sync-Console: 1/);
      const allowed = await api.call('POST', '/api/v1/settings/users', {
        headers: { cookie, ...CONSOLE },
        body,
      });
      expect(allowed.status).toBe(201);
    });

    it('when a session signs out, then its cookie opens nothing, and signing out everywhere ends the others', async () => {
      await personWithPassword('sign-out');
      const first = cookieOf((await signIn('sign-out', 'owner@sign-out.test', PASSWORD)).headers);
      const second = cookieOf((await signIn('sign-out', 'owner@sign-out.test', PASSWORD)).headers);
      const third = cookieOf((await signIn('sign-out', 'owner@sign-out.test', PASSWORD)).headers);
      const out = await api.call('DELETE', '/api/v1/session', {
        headers: { cookie: first, ...CONSOLE },
      });
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
      const me = (cookie: string) =>
        api.call('GET', '/api/v1/settings/me', { headers: { cookie } });
      expect((await me(first)).status).toBe(401);
      expect((await me(second)).status).toBe(200);
      const everywhere = await api.call('DELETE', '/api/v1/sessions', {
        headers: { cookie: second, ...CONSOLE },
      });
      expect(everywhere.status).toBe(204);
      expect((await me(second)).status).toBe(401);
      expect((await me(third)).status).toBe(401);
    });

    it('when sign-in attempts pass the limit, then the answer is 429 with Retry-After, even with the right password', async () => {
      await personWithPassword('guess');
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await signIn('guess', 'owner@guess.test', `guess number ${attempt}`)).status).toBe(
          401,
        );
      }
      const refused = await signIn('guess', 'owner@guess.test', PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/Too many sign-in attempts/);
    });
  });

  describe('a session ends by itself', () => {
    async function signedInCookie(tenant: string) {
      const owner = await personWithPassword(tenant);
      const signedIn = await signIn(tenant, `owner@${tenant}.test`, PASSWORD);
      return { owner, cookie: cookieOf(signedIn.headers) };
    }
    const me = (cookie: string) => api.call('GET', '/api/v1/settings/me', { headers: { cookie } });

    it('when a session was not used for SESSION_IDLE_MINUTES, then it is refused', async () => {
      const { owner, cookie } = await signedInCookie('idle');
      expect((await me(cookie)).status).toBe(200);
      const idleMs = api.context.config.SESSION_IDLE_MINUTES * 60_000;
      await api.context.db.sessions.updateMany(
        { userId: owner.userId },
        { $set: { lastSeenAt: new Date(Date.now() - idleMs - 1000) } },
      );
      const refused = await me(cookie);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('The session has ended: sign in again');
    });

    it('when a session reached SESSION_MAX_HOURS, then it is refused however recently used', async () => {
      const { owner, cookie } = await signedInCookie('absolute');
      await api.context.db.sessions.updateMany(
        { userId: owner.userId },
        { $set: { endsAt: new Date(Date.now() - 1000), lastSeenAt: new Date() } },
      );
      expect((await me(cookie)).status).toBe(401);
    });

    it('when a session starts, then the store can remove it by the sooner of its two ends', async () => {
      const { owner } = await signedInCookie('ends');
      const session = await api.context.db.sessions.findOne({ userId: owner.userId });
      const idleMs = api.context.config.SESSION_IDLE_MINUTES * 60_000;
      const maxMs = api.context.config.SESSION_MAX_HOURS * 3_600_000;
      expect(session?.endsAt.getTime()).toBe((session?.createdAt.getTime() ?? 0) + maxMs);
      expect(session?.expiresAt.getTime()).toBe(
        (session?.createdAt.getTime() ?? 0) + Math.min(idleMs, maxMs),
      );
    });
  });

  describe('a session and its user', () => {
    it('when the user is deactivated, then its session ends at once', async () => {
      const owner = await api.bootstrap('deactivated');
      const person = await api.call<{ id: string }>('POST', '/api/v1/settings/users', {
        token: owner.token,
        body: { email: 'dev@deactivated.test', permissions: ['manage_funnels'] },
      });
      const { secret } = (await invite(owner.token, person.body.id)).body;
      await api.call('POST', '/api/v1/invitations/accept', {
        headers: CONSOLE,
        body: { secret, password: PASSWORD },
      });
      const cookie = cookieOf(
        (await signIn('deactivated', 'dev@deactivated.test', PASSWORD)).headers,
      );
      const funnels = () => api.call('GET', '/api/v1/settings/funnels', { headers: { cookie } });
      expect((await funnels()).status).toBe(200);
      const patched = await api.call('PATCH', `/api/v1/settings/users/${person.body.id}`, {
        token: owner.token,
        body: { active: false },
      });
      expect(patched.status).toBe(200);
      const after = await funnels();
      expect(after.status).toBe(401);
      expect(await api.context.db.sessions.countDocuments({ userId: person.body.id })).toBe(0);
    });

    it('when the user is deleted, then its sessions, password and invitations go with it', async () => {
      const owner = await api.bootstrap('deleted');
      const person = await api.call<{ id: string }>('POST', '/api/v1/settings/users', {
        token: owner.token,
        body: { email: 'dev@deleted.test', permissions: ['manage_funnels'] },
      });
      const { secret } = (await invite(owner.token, person.body.id)).body;
      await api.call('POST', '/api/v1/invitations/accept', {
        headers: CONSOLE,
        body: { secret, password: PASSWORD },
      });
      const cookie = cookieOf((await signIn('deleted', 'dev@deleted.test', PASSWORD)).headers);
      await invite(owner.token, person.body.id);
      const deleted = await api.call('DELETE', `/api/v1/settings/users/${person.body.id}`, {
        token: owner.token,
      });
      expect(deleted.status).toBe(204);
      const after = await api.call('GET', '/api/v1/settings/me', { headers: { cookie } });
      expect(after.status).toBe(401);
      const { db } = api.context;
      expect(await db.sessions.countDocuments({ userId: person.body.id })).toBe(0);
      expect(await db.invitations.countDocuments({ userId: person.body.id })).toBe(0);
      expect(await db.passwords.countDocuments({ _id: person.body.id })).toBe(0);
    });

    it("when a session's cookie is sent, then it acts in its own tenant only, with its user's permissions", async () => {
      await personWithPassword('tenant-a');
      const other = await api.bootstrap('tenant-b');
      const cookie = cookieOf((await signIn('tenant-a', 'owner@tenant-a.test', PASSWORD)).headers);
      const otherUser = await api.call('GET', `/api/v1/settings/users/${other.userId}`, {
        headers: { cookie },
      });
      expect(otherUser.status).toBe(404);
      const invitation = await api.call(
        'POST',
        `/api/v1/settings/users/${other.userId}/invitation`,
        { headers: { cookie, ...CONSOLE } },
      );
      expect(invitation.status).toBe(404);
      const signInElsewhere = await signIn('tenant-b', 'owner@tenant-a.test', PASSWORD);
      expect(signInElsewhere.status).toBe(401);
    });

    it('when a Bearer token is sent, then it decides, as before, whatever cookie comes with it', async () => {
      const owner = await api.bootstrap('bearer');
      const answer = await api.call('POST', '/api/v1/settings/users', {
        token: owner.token,
        headers: { cookie: 'funnel_sync_session=nonsense' },
        body: { email: 'machine@bearer.test', permissions: [] },
      });
      expect(answer.status).toBe(201);
    });
  });
});

/**
 * A new password revokes the tokens made in the user's console sessions
 * (docs/access.md#tokens-made-in-a-session): those made with the session itself, those made with
 * such a token, and those the user made for someone else there. Tokens from the command line, and
 * those another person made in their own session, keep working.
 */
import { startTestApi, type TestApi } from '../../support/api-harness';
import { waitUntil } from '../../support/wait-until';

const CONSOLE = { 'x-funnel-sync-console': '1' };
const ABILITIES = ['read', 'create', 'update', 'delete'];

describe('a new password and the tokens of the old one', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi('password-reset-tokens');
  });
  afterAll(() => api.close());

  async function setPassword(adminToken: string, userId: string, password: string) {
    const invitation = await api.call<{ secret: string }>(
      'POST',
      `/api/v1/settings/users/${userId}/invitation`,
      { token: adminToken },
    );
    const accepted = await api.call('POST', '/api/v1/invitations/accept', {
      headers: CONSOLE,
      body: { secret: invitation.body.secret, password },
    });
    expect(accepted.status).toBe(200);
  }

  async function sessionOf(tenant: string, email: string, password: string) {
    const signedIn = await api.call('POST', '/api/v1/session', {
      headers: CONSOLE,
      body: { tenant, email, password },
    });
    expect(signedIn.status).toBe(201);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return { cookie, ...CONSOLE };
  }

  async function makeToken(
    by: { token: string } | { headers: Record<string, string> },
    name: string,
    userId?: string,
  ): Promise<string> {
    const made = await api.call<{ token: string }>('POST', '/api/v1/settings/tokens', {
      ...by,
      body: { name, abilities: ABILITIES, ...(userId ? { userId } : {}) },
    });
    expect(made.status).toBe(201);
    return made.body.token;
  }

  const me = (token: string) => api.call('GET', '/api/v1/settings/me', { token });

  it("when a user's password is set anew, then the tokens made in their sessions stop, and the others work on", async () => {
    const tenant = 'reset';
    const owner = await api.bootstrap(tenant);
    const colleague = await api.call<{ id: string }>('POST', '/api/v1/settings/users', {
      token: owner.token,
      body: { email: `colleague@${tenant}.test`, permissions: ['manage_settings'] },
    });
    await setPassword(owner.token, owner.userId, 'the first long password');
    await setPassword(owner.token, colleague.body.id, 'the colleague password');

    const session = await sessionOf(tenant, `owner@${tenant}.test`, 'the first long password');
    const fromSession = await makeToken({ headers: session }, 'from the session');
    const fromThatToken = await makeToken({ token: fromSession }, 'from that token');
    const forColleague = await makeToken({ headers: session }, 'for colleague', colleague.body.id);
    const fromCommandLine = owner.token;
    const fromBootstrapToken = await makeToken({ token: owner.token }, 'from a cli token');
    const colleagueSession = await sessionOf(
      tenant,
      `colleague@${tenant}.test`,
      'the colleague password',
    );
    const colleagueOwn = await makeToken({ headers: colleagueSession }, 'made by colleague');
    for (const token of [fromSession, fromThatToken, forColleague, colleagueOwn]) {
      expect((await me(token)).status).toBe(200);
    }

    await setPassword(owner.token, owner.userId, 'the second long password');

    for (const token of [fromSession, fromThatToken, forColleague]) {
      const refused = await waitUntil(
        () => me(token),
        (answer) => answer.status === 401,
        { what: 'a token of the old password to be refused', timeoutMs: 5_000 },
      );
      expect(refused.body).toMatchObject({ message: 'The token has been revoked' });
    }
    for (const token of [fromCommandLine, fromBootstrapToken, colleagueOwn]) {
      expect((await me(token)).status).toBe(200);
    }
  });
});

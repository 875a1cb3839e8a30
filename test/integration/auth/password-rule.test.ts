/**
 * What a password must be (docs/access.md#passwords): long enough is not enough when it is white
 * space, a few characters repeated or one of the commonest passwords; each refusal is a 422 that
 * says the rule, and sets no password.
 */
import { startTestApi, type TestApi } from '../../support/api-harness';

const CONSOLE = { 'x-funnel-sync-console': '1' };

describe('the password rule', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi('password-rule');
  });
  afterAll(() => api.close());

  async function accept(tenant: string, password: string) {
    const owner = await api.bootstrap(tenant);
    const invitation = await api.call<{ secret: string }>(
      'POST',
      `/api/v1/settings/users/${owner.userId}/invitation`,
      { token: owner.token },
    );
    const accepted = await api.call('POST', '/api/v1/invitations/accept', {
      headers: CONSOLE,
      body: { secret: invitation.body.secret, password },
    });
    const stored = await api.context.db.passwords.findOne({ _id: owner.userId });
    return { accepted, stored };
  }

  it.each([
    ['twelve spaces', ' '.repeat(12)],
    ['tabs and line breaks', '\t\n '.repeat(4)],
    ['one character repeated', 'a'.repeat(20)],
    ['two characters in turn', 'ab'.repeat(8)],
    ['four characters between spaces', 'ab cd ab cd ab cd'],
  ])(
    'when a password is %s, then 422 says it needs different characters',
    async (kind, password) => {
      const { accepted, stored } = await accept(`pw-${kind.replaceAll(' ', '-')}`, password);
      expect(accepted.status).toBe(422);
      expect(accepted.body).toMatchObject({
        errors: { password: 'A password needs at least 5 different characters besides spaces' },
      });
      expect(stored).toBeNull();
    },
  );

  it('when a password is among the commonest ones, whatever its case and spacing, then 422 says so', async () => {
    const { accepted, stored } = await accept('pw-common', 'Password 1234');
    expect(accepted.status).toBe(422);
    expect(accepted.body).toMatchObject({
      errors: { password: 'This password is among the most common ones: choose another' },
    });
    expect(stored).toBeNull();
  });

  it('when a password is a few words with spaces, then it is taken', async () => {
    const { accepted, stored } = await accept('pw-words', 'plain words said twice');
    expect(accepted.status).toBe(200);
    expect(stored).not.toBeNull();
  });
});

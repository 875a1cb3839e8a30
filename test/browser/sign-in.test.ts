/**
 * The console's sign-in in a real browser: a token is tried on the API before it is kept (in
 * sessionStorage only), a bad or revoked one is refused with the API's message, sign-out forgets
 * it, and the sign-in is never carried elsewhere (the queue dashboard is the operators', not the
 * console's).
 */
import { signToken } from '../../core/auth/token-signer';
import { waitUntil } from '../support/wait-until';
import { signIn, TOKEN_KEY, unexpected, type ConsoleTab } from './support/console-browser';
import { consoleBed } from './support/console-bed';
import { tokenWith } from './support/tokens';

const KEPT_TOKEN = `sessionStorage.getItem(${JSON.stringify(TOKEN_KEY)})`;

describe('the console: signing in', () => {
  const bed = consoleBed('console-sign-in');
  let owner: { token: string; tokenId: string; userId: string; tenant: string };
  let tab: ConsoleTab;

  beforeAll(async () => {
    owner = await bed.api.bootstrap('acme');
  });
  beforeEach(async () => {
    tab = await bed.open();
  });

  it('when a valid token is pasted, then the funnels page opens and the token is kept in sessionStorage', async () => {
    await tab.page.goto('/console/');
    await tab.screenshot('sign-in');
    await signIn(tab, `  Bearer ${owner.token}\n`);
    const nav = tab.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.textContent()).toContain('Tenant acme');
    await tab.page.getByText('This tenant has no funnels yet').waitFor();
    expect(await tab.page.evaluate(KEPT_TOKEN)).toBe(owner.token);
    expect(await tab.page.evaluate('document.cookie')).toBe('');

    await tab.page.reload();
    await tab.page.getByRole('heading', { level: 1, name: 'Funnels' }).waitFor();
    expect(tab.problems).toEqual([]);
  });

  it('when a token signed with another secret is pasted, then the API message is shown and nothing is kept', async () => {
    const forged = signToken(
      { userId: owner.userId, tenant: 'acme', tokenId: owner.tokenId, abilities: ['read'] },
      'another-secret-that-is-at-least-32-bytes',
    );
    await tab.page.goto('/console/');
    await tab.page.getByLabel('API token').fill(forged);
    await tab.page.getByRole('button', { name: 'Sign in with the token' }).click();
    const alert = tab.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'The API refused the token: The token signature is not valid',
    );
    expect(await tab.page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
    expect(await tab.page.evaluate(KEPT_TOKEN)).toBeNull();
    await tab.screenshot('sign-in-refused');
    // The browser reports the refused call itself; nothing else may go wrong.
    expect(unexpected(tab.problems, 401)).toEqual([]);
  });

  it('when the token is revoked while signed in, then the next page signs out with the API message', async () => {
    const { token, tokenId } = await tokenWith(bed.api, owner.token, 'revoked', {
      permissions: ['manage_funnels'],
      abilities: ['read'],
    });
    await signIn(tab, token);
    const revoke = await bed.api.call('DELETE', `/api/v1/settings/tokens/${tokenId}`, {
      token: owner.token,
    });
    expect(revoke.status).toBe(204);
    // Every API process honours a revocation within a second; wait until this one does.
    await waitUntil(
      async () => (await bed.api.call('GET', '/api/v1/settings/funnels', { token })).status,
      (status) => status === 401,
      { what: 'the revoked token to be refused', timeoutMs: 5_000 },
    );
    await tab.page.reload();
    await tab.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await tab.page.locator('#app-notice').textContent()).toBe(
      'You were signed out: The token has been revoked.',
    );
    expect(await tab.page.evaluate(KEPT_TOKEN)).toBeNull();
    expect(unexpected(tab.problems, 401)).toEqual([]);
  });

  it('when "Sign out" is pressed, then the token is forgotten and the sign-in shows', async () => {
    await signIn(tab, owner.token);
    await tab.page.getByRole('button', { name: 'Sign out' }).click();
    await tab.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await tab.page.locator('#app-notice').textContent()).toBe('You are signed out.');
    expect(await tab.page.getByRole('navigation', { name: 'Console' }).isVisible()).toBe(false);
    expect(await tab.page.evaluate(KEPT_TOKEN)).toBeNull();
    expect(tab.problems).toEqual([]);
  });

  it('when signed in with a token, then the console offers no queue dashboard and sets no cookie', async () => {
    await signIn(tab, owner.token);
    const nav = tab.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Funnels',
      'Content types',
      'Items',
      'Tokens',
      'Users',
      'Exports',
    ]);
    expect(await tab.page.locator('a[href*="admin"]').count()).toBe(0);
    expect(await tab.context.cookies()).toEqual([]);
    expect(tab.problems).toEqual([]);
  });
});

/**
 * The console offers each person the pages they may open: the navigation leaves out the others,
 * and signing in lands on the first page allowed, never on an error about permissions.
 */
import { consoleBed } from './support/console-bed';
import type { ConsoleTab } from './support/console-browser';
import { tokenWith } from './support/tokens';

const PASSWORD = 'a password long enough';
const CONSOLE = { 'x-funnel-sync-console': '1' };

describe('the console: pages by permission', () => {
  const bed = consoleBed('console-pages-by-permission');
  let owner: string;

  beforeAll(async () => {
    ({ token: owner } = await bed.api.bootstrap('acme'));
  });

  /** A person of acme with these permissions and a password set. */
  async function person(email: string, permissions: string[]) {
    const user = await bed.api.call<{ id: string }>('POST', '/api/v1/settings/users', {
      token: owner,
      body: { email, permissions },
    });
    const invitation = await bed.api.call<{ secret: string }>(
      'POST',
      `/api/v1/settings/users/${user.body.id}/invitation`,
      { token: owner },
    );
    const accepted = await bed.api.call('POST', '/api/v1/invitations/accept', {
      headers: CONSOLE,
      body: { secret: invitation.body.secret, password: PASSWORD },
    });
    expect(accepted.status).toBe(200);
  }

  const offered = (tab: ConsoleTab) =>
    tab.page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents();

  it('when a person with manage_settings alone signs in, then the console opens the content types and offers only what they may open', async () => {
    await person('settings@acme.test', ['manage_settings']);
    const tab = await bed.open();
    const { page } = tab;
    await page.goto('/console/');
    await page.getByLabel('Tenant').fill('acme');
    await page.getByLabel('Email').fill('settings@acme.test');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Content types' }).waitFor();
    expect(page.url()).toMatch(/#\/content-types$/);
    expect(await offered(tab)).toEqual(['Content types', 'Items', 'Tokens', 'Users', 'Exports']);
    expect(await page.locator('main').textContent()).not.toContain('permission');
    // The console's own start page leads there too.
    await page.getByRole('link', { name: 'funnel-sync console' }).click();
    await page.waitForURL(/#\/content-types$/);
    await page.getByRole('heading', { level: 1, name: 'Content types' }).waitFor();
    await tab.screenshot('pages-settings-only');
    expect(tab.problems).toEqual([]);
  });

  it('when a token of a user with manage_settings alone is pasted, then it signs in and the console opens the content types', async () => {
    const { token } = await tokenWith(bed.api, owner, 'settings-token', {
      permissions: ['manage_settings'],
      abilities: ['read'],
    });
    const tab = await bed.open();
    const { page } = tab;
    await page.goto('/console/');
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Sign in with the token' }).click();
    await page.getByRole('heading', { level: 1, name: 'Content types' }).waitFor();
    expect(await offered(tab)).toEqual(['Content types', 'Items', 'Tokens', 'Users', 'Exports']);
    expect(tab.problems).toEqual([]);
  });

  it('when a user with manage_funnels alone signs in, then the settings pages are not offered', async () => {
    const { token } = await tokenWith(bed.api, owner, 'funnels-token', {
      permissions: ['manage_funnels'],
      abilities: ['read', 'create'],
    });
    const tab = await bed.open({ token });
    await tab.page.goto('/console/');
    await tab.page.getByRole('heading', { level: 1, name: 'Funnels' }).waitFor();
    expect(await offered(tab)).toEqual(['Funnels', 'Items']);
    expect(tab.problems).toEqual([]);
  });
});

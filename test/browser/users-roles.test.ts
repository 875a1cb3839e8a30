/**
 * Granting in plain words: the users page explains each permission and offers roles that tick
 * them, and a new user's invitation link comes with its creation; a row the caller may not change
 * says why once; a new token starts with what a sender needs.
 */
import { consoleBed } from './support/console-bed';
import { tokenWith } from './support/tokens';

describe('the console: roles, words and invitations', () => {
  const bed = consoleBed('console-users-roles', { PUBLIC_URL: 'https://sync.example.test' });
  let owner: string;

  beforeAll(async () => {
    ({ token: owner } = await bed.api.bootstrap('acme'));
  });

  it('when a user is created from the Sender admin role, then the role ticks its permission and the invitation link comes in the same step', async () => {
    const tab = await bed.open({ token: owner });
    const { page } = tab;
    await page.goto('/console/#/users');
    const form = page.getByRole('form', { name: 'Create a user' });
    await form
      .getByText('Settings: content types, exports, tokens and users of the tenant.')
      .waitFor();
    await form.getByRole('button', { name: 'Role: Administrator' }).click();
    expect(await form.getByLabel('manage_settings', { exact: true }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Role: Sender admin' }).click();
    expect(await form.getByLabel('manage_funnels', { exact: true }).isChecked()).toBe(true);
    expect(await form.getByLabel('manage_settings', { exact: true }).isChecked()).toBe(false);
    await form.getByLabel('Email').fill('sender.admin@acme.test');
    await form.getByRole('button', { name: 'Create user' }).click();

    const link = page.getByLabel('Invitation link', { exact: true });
    await link.waitFor();
    expect(await link.inputValue()).toMatch(
      /^https:\/\/sync\.example\.test\/console\/#\/invitation\/[\w-]{43}$/,
    );
    await page.getByText(/^Created sender\.admin@acme\.test\./).waitFor();
    await page.getByRole('row').filter({ hasText: 'Active: sender.admin@acme.test' }).waitFor();
    await tab.screenshot('users-created-invitation');
    const users = await bed.api.call<{ items: { email: string; permissions: string[] }[] }>(
      'GET',
      '/api/v1/settings/users',
      { token: owner },
    );
    expect(users.body.items.find((u) => u.email === 'sender.admin@acme.test')).toMatchObject({
      permissions: ['manage_funnels'],
    });
    expect(tab.problems).toEqual([]);
  });

  it('when a row holds what the caller lacks, then its reason is said once, for every control of the row', async () => {
    const admin = await tokenWith(bed.api, owner, 'settings-admin', {
      permissions: ['manage_settings'],
      abilities: ['read', 'create', 'update', 'delete'],
    });
    const tab = await bed.open({ token: admin.token });
    const { page } = tab;
    await page.goto('/console/#/users');
    const row = page.getByRole('row').filter({ hasText: 'owner@acme.test' });
    await row.waitFor();
    const reason =
      'Not allowed: this user holds "manage_funnels", which your user lacks, so you cannot change, invite or delete them.';
    expect(await row.locator('.not-allowed').allTextContents()).toEqual([reason]);
    const noteId = await row.locator('.not-allowed').getAttribute('id');
    for (const name of [
      'Save owner@acme.test',
      'New invitation link for owner@acme.test',
      'Delete owner@acme.test',
    ]) {
      const button = row.getByRole('button', { name });
      expect([
        name,
        await button.isDisabled(),
        await button.getAttribute('aria-describedby'),
      ]).toEqual([name, true, noteId]);
    }
    expect(await row.getByLabel('manage_funnels for owner@acme.test').isDisabled()).toBe(true);
    // What the caller cannot grant anyone is said once, above the list.
    expect(await page.getByText('You lack "manage_funnels", so you cannot grant it.').count()).toBe(
      2, // the create form's box, and above the list
    );
    await tab.screenshot('users-refused-once');
    expect(tab.problems).toEqual([]);
  });

  it('when a token is created as it starts, then it has the abilities a sender needs and no more', async () => {
    const tab = await bed.open({ token: owner });
    const { page } = tab;
    await page.goto('/console/#/tokens');
    const form = page.getByRole('form', { name: 'Create a token' });
    await form.getByLabel('Token name').fill('erp sender');
    await form.getByRole('button', { name: 'Create token' }).click();
    const token = await page.getByLabel('The new token').inputValue();
    const me = await bed.api.call('GET', '/api/v1/settings/me', { token });
    expect(me.body).toMatchObject({ token: { abilities: ['create', 'delete'] } });
    expect(tab.problems).toEqual([]);
  });
});

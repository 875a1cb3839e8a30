/**
 * The console's users and tokens pages when a change would lock someone out
 * (docs/access.md#nobody-locks-a-tenant-out): the API's 409 shown with its reason, a user holding
 * more than the caller disabled with the reason, and the warning before revoking the token the
 * console itself signed in with, which then signs out.
 */
import { TOKEN_KEY, unexpected } from './support/console-browser';
import { consoleBed } from './support/console-bed';
import { tokenWith } from './support/tokens';

describe('the console: refusals that keep a tenant managed', () => {
  const bed = consoleBed('console-lockout');

  it('when the only admin unticks their own Active and saves, then the 409 reason is shown and the row shows them active again', async () => {
    const owner = await bed.api.bootstrap('acme');
    const tab = await bed.open({ token: owner.token });
    const { page } = tab;
    await page.goto('/console/#/users');
    const active = page.getByLabel('Active: owner@acme.test');
    await active.uncheck();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PATCH'),
      page.getByRole('button', { name: 'Save owner@acme.test' }).click(),
    ]);
    expect(answer.status()).toBe(409);
    const shown = page.getByRole('alert').filter({ hasText: 'You cannot deactivate yourself' });
    await shown.waitFor();
    expect(await shown.textContent()).toBe(
      'Not saved: owner@acme.test. You cannot deactivate yourself: you are the last active user ' +
        'with manage_settings in this tenant',
    );
    await tab.screenshot('users-refused-self');
    expect(await page.getByLabel('Active: owner@acme.test').isChecked()).toBe(true);
    const stored = await bed.api.call('GET', `/api/v1/settings/users/${owner.userId}`, {
      token: owner.token,
    });
    expect(stored.body).toMatchObject({ active: true });
    expect(unexpected(tab.problems, 409)).toEqual([]);
  });

  it('when a user with manage_settings alone opens the users page, then the owner (holding both) cannot be changed, and says why', async () => {
    const owner = await bed.api.bootstrap('beta');
    const admin = await tokenWith(bed.api, owner.token, 'settings-only', {
      permissions: ['manage_settings'],
      abilities: ['read', 'create', 'update', 'delete'],
    });
    const tab = await bed.open({ token: admin.token });
    const { page } = tab;
    await page.goto('/console/#/users');
    const save = page.getByRole('button', { name: 'Save owner@beta.test' });
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByLabel('Active: owner@beta.test').isDisabled()).toBe(true);
    expect(
      await page.locator(`#${await save.getAttribute('aria-describedby')}`).textContent(),
    ).toBe(
      'Not allowed: this user holds "manage_funnels", which your user lacks, so you cannot change, invite or delete them.',
    );
    expect(
      await page.getByRole('button', { name: 'Save settings-only@console.test' }).isDisabled(),
    ).toBe(false);
    expect(tab.problems).toEqual([]);
  });

  it('when the token the console signed in with is revoked, then it warns first that this signs you out, and then it does', async () => {
    const owner = await bed.api.bootstrap('gamma');
    await tokenWith(bed.api, owner.token, 'other', {
      permissions: ['manage_funnels'],
      abilities: ['read'],
    });
    const tab = await bed.open({ token: owner.token });
    const { page } = tab;
    await page.goto('/console/#/tokens');
    const table = page.getByRole('table', { name: 'Tokens of the tenant (never their secrets)' });
    await table.waitFor();

    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Revoke other' }).click();
    await page.getByRole('button', { name: 'Revoke bootstrap' }).click();
    expect(asked).toEqual([
      'Revoke token "other"? Whatever uses it stops working.',
      'Revoke token "bootstrap"? It is the token this console signed in with: revoking it signs ' +
        'you out, here and wherever else it is used.',
    ]);
    // Dismissed: nothing was revoked.
    const listed = await bed.api.call<{ items: { id: string; revokedAt: string | null }[] }>(
      'GET',
      '/api/v1/settings/tokens',
      { token: owner.token },
    );
    expect(listed.body.items.every((token) => token.revokedAt === null)).toBe(true);

    page.removeAllListeners('dialog');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke bootstrap' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.locator('#app-notice').textContent()).toBe(
      'You were signed out: You revoked the token this console signed in with.',
    );
    expect(await page.evaluate(`sessionStorage.getItem(${JSON.stringify(TOKEN_KEY)})`)).toBeNull();
    await tab.screenshot('tokens-revoked-own');
    const revoked = await bed.api.context.tokens.find('gamma', owner.tokenId);
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect(tab.problems).toEqual([]);
  });
});

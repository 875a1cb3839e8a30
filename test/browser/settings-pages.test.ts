/**
 * The console's content type, token and user pages in a real browser: each page's main flow
 * (create and edit a content type; create a token, shown once, and revoke it; create a user and
 * set its permissions), and a console signed in with a weaker token showing what it may not do
 * as disabled controls with the reason, and the API's 403 when it grants more than it holds.
 */
import { unexpected } from './support/console-browser';
import { consoleBed } from './support/console-bed';
import { tokenWith } from './support/tokens';

interface Listed<T> {
  items: T[];
}

describe('the console: content types, tokens and users', () => {
  const bed = consoleBed('console-settings-pages');
  let owner: string;

  const get = async <T>(path: string) =>
    (await bed.api.call<T>('GET', `/api/v1/settings/${path}`, { token: owner })).body;

  beforeAll(async () => {
    ({ token: owner } = await bed.api.bootstrap('acme'));
  });

  it('when a content type is created with properties and then edited, then both are stored', async () => {
    const tab = await bed.open({ token: owner });
    const { page } = tab;
    await page.goto('/console/#/content-types');
    await page.getByText('This tenant has no content types yet.').waitFor();
    await page.getByRole('link', { name: 'New content type' }).click();
    await page.getByLabel('Key', { exact: true }).fill('shoes');
    await page.getByLabel('Name', { exact: true }).fill('Shoes <i>new</i>');
    await page.getByLabel('Kind').selectOption('product');
    await page.getByRole('button', { name: 'Add property' }).click();
    await page.getByLabel('Key of property 1', { exact: true }).fill('size');
    await page.getByLabel('Label of property 1', { exact: true }).fill('Size');
    await page.getByLabel('Type of property 1', { exact: true }).selectOption('enum');
    await page.getByLabel('Options of property 1', { exact: true }).fill('S, M, L');
    await page.getByRole('button', { name: 'Add property' }).click();
    await page.getByLabel('Key of property 2', { exact: true }).fill('bad key!');
    await page.getByLabel('Label of property 2', { exact: true }).fill('Bad');
    await page.getByRole('button', { name: 'Create content type' }).click();
    // The 422 names properties.1.key: shown at that field.
    const badKey = page.getByLabel('Key of property 2', { exact: true });
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await badKey.getAttribute('aria-invalid')).toBe('true');
    await tab.screenshot('content-type-editor');
    await page.getByRole('button', { name: 'Remove property 2' }).click();
    await page.getByRole('button', { name: 'Create content type' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved content type' }).waitFor();
    expect(await page.locator('main i').count()).toBe(0);

    await page.getByLabel('Label of property 1', { exact: true }).fill('Shoe size');
    await page.getByLabel('Property 1 holds several values').check();
    // The first save's message is still shown: wait for the second PUT's answer itself.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT'),
      page.getByRole('button', { name: 'Save changes' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    const stored = await get<{ kind: string; properties: unknown[] }>('content-types/shoes');
    expect(stored.kind).toBe('product');
    expect(stored.properties).toEqual([
      { key: 'size', label: 'Shoe size', type: 'enum', options: ['S', 'M', 'L'], multiple: true },
    ]);
    await page.getByRole('link', { name: 'Content types' }).first().click();
    await page.getByRole('table', { name: '1 content type' }).waitFor();
    await tab.screenshot('content-types');
    expect(unexpected(tab.problems, 422)).toEqual([]);
  });

  it('when a token is created, then it is shown once with a copy button, listed without it, and can be revoked', async () => {
    const tab = await bed.open({ token: owner });
    const { page } = tab;
    await tab.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/console/#/tokens');
    const form = page.getByRole('form', { name: 'Create a token' });
    await form.getByLabel('Token name').fill('<b>sync</b>');
    // A new token starts with what a sender needs; a role ticks the boxes, each said in words.
    const ticked = async () => {
      const names = ['read', 'create', 'update', 'delete'];
      const checked = await Promise.all(
        names.map((name) => form.getByLabel(name, { exact: true }).isChecked()),
      );
      return names.filter((_name, i) => checked[i]);
    };
    expect(await ticked()).toEqual(['create', 'delete']);
    await form.getByText('Delete: delete items (DELETE), commit full syncs').waitFor();
    await form.getByRole('button', { name: 'Role: Everything' }).click();
    expect(await ticked()).toEqual(['read', 'create', 'update', 'delete']);
    await form.getByLabel('delete', { exact: true }).uncheck();
    await form.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByLabel('The new token');
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token.split('.')).toHaveLength(3);
    await page.getByRole('button', { name: 'Copy token' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(token);
    await tab.screenshot('tokens');
    const works = await bed.api.call('GET', '/api/v1/settings/me', { token });
    expect(works.body).toMatchObject({ token: { abilities: ['read', 'create', 'update'] } });

    // Never again: not in the list, not after a reload.
    const table = page.getByRole('table', { name: 'Tokens of the tenant (never their secrets)' });
    expect(await table.textContent()).not.toContain(token);
    expect(await table.textContent()).toContain('<b>sync</b>');
    expect(await page.locator('main b').count()).toBe(0);
    await page.reload();
    await table.waitFor();
    expect(await page.content()).not.toContain(token);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke <b>sync</b>' }).click();
    await table.getByText('Revoked').waitFor();
    const listed = await get<Listed<{ name: string; revokedAt: string | null }>>('tokens');
    expect(listed.items.find((t) => t.name === '<b>sync</b>')?.revokedAt).not.toBeNull();
    expect(tab.problems).toEqual([]);
  });

  it('when a user is created and its permissions changed, then both are stored', async () => {
    const tab = await bed.open({ token: owner });
    const { page } = tab;
    await page.goto('/console/#/users');
    const form = page.getByRole('form', { name: 'Create a user' });
    await form.getByLabel('Email').fill('ada@acme.test');
    await form.getByLabel('Name (optional)').fill('Ada');
    await form.getByLabel('manage_funnels').check();
    await form.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('cell', { name: 'Ada ada@acme.test' }).waitFor();
    await page.getByLabel('manage_settings for ada@acme.test').check();
    await page.getByRole('button', { name: 'Save ada@acme.test' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved ada@acme.test.' }).waitFor();
    await tab.screenshot('users');
    const users = await get<Listed<{ email: string; permissions: string[] }>>('users');
    expect(users.items.find((u) => u.email === 'ada@acme.test')?.permissions.sort()).toEqual([
      'manage_funnels',
      'manage_settings',
    ]);
    expect(tab.problems).toEqual([]);
  });

  it('when signed in with a weaker token, then what it may not do is disabled with the reason, and a refused grant shows the API message', async () => {
    const weak = await tokenWith(bed.api, owner, 'weak', {
      permissions: ['manage_settings'],
      abilities: ['read', 'create'],
    });
    const tab = await bed.open({ token: weak.token });
    const { page } = tab;

    await page.goto('/console/#/tokens');
    const form = page.getByRole('form', { name: 'Create a token' });
    await form.getByLabel('Token name').waitFor();
    expect(await form.getByLabel('delete').isDisabled()).toBe(true);
    await form.getByText('This token lacks "delete", so it cannot grant it.').waitFor();
    const revoke = page.getByRole('button', { name: /^Revoke / }).first();
    expect(await revoke.isDisabled()).toBe(true);
    expect(
      await page.locator(`#${await revoke.getAttribute('aria-describedby')}`).textContent(),
    ).toBe('Not allowed: this token lacks the "delete" ability.');
    // Said once above the list, not on every row it disables.
    expect(await page.getByRole('button', { name: /^Revoke / }).count()).toBeGreaterThan(1);
    expect(
      await page.getByText('Not allowed: this token lacks the "delete" ability.').count(),
    ).toBe(1);
    await tab.screenshot('tokens-weaker');

    await page.goto('/console/#/users');
    const userForm = page.getByRole('form', { name: 'Create a user' });
    await userForm.getByLabel('Email').waitFor();
    expect(await userForm.getByLabel('manage_funnels').isDisabled()).toBe(true);
    expect(
      await page
        .getByRole('button', { name: /^Save / })
        .first()
        .isDisabled(),
    ).toBe(true);

    // The API still decides: a token for a user holding what the caller lacks is refused (403).
    await page.goto('/console/#/tokens');
    await form.getByLabel('Token name').fill('for-owner');
    const ownerId = (await get<Listed<{ id: string; email: string }>>('users')).items.find(
      (u) => u.email !== 'weak@console.test' && u.email !== 'ada@acme.test',
    )?.id;
    await form.getByLabel('For user').selectOption(ownerId ?? '');
    await form.getByRole('button', { name: 'Create token' }).click();
    const refused = form.getByRole('alert');
    await refused.filter({ hasText: 'Cannot make a token for this user' }).waitFor();
    expect(await refused.textContent()).toBe(
      'Cannot make a token for this user: it holds the "manage_funnels" permission, which the calling user does not',
    );

    // Without manage_funnels the start page is the content types.
    await page.goto('/console/#/');
    const newContentType = page.getByRole('button', { name: 'New content type' });
    await newContentType.waitFor();
    expect(await newContentType.isDisabled()).toBe(true);
    expect(unexpected(tab.problems, 403)).toEqual([]);
  });
});

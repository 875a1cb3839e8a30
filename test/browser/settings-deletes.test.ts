/**
 * Deleting from the console in a real browser: a content type (refused, with the API's reason
 * naming the funnel, while a funnel uses it) and a user, each after a confirmation that says
 * what deleting affects.
 */
import { unexpected } from './support/console-browser';
import { consoleBed } from './support/console-bed';

describe('the console: deleting content types and users', () => {
  const bed = consoleBed('console-settings-deletes');
  let owner: string;

  const call = (method: string, path: string, body?: unknown) =>
    bed.api.call(method, `/api/v1/settings/${path}`, { token: owner, body });

  beforeAll(async () => {
    ({ token: owner } = await bed.api.bootstrap('acme'));
  });

  it('when a content type a funnel uses is deleted, then the API names the funnel; once it is gone, the deletion goes through', async () => {
    const made = await call('PUT', 'content-types/shoes', { name: 'Shoes', kind: 'product' });
    expect(made.status).toBe(201);
    const funnel = await call('POST', 'funnels', {
      contentType: 'shoes',
      name: 'Shoe feed',
      endpointUrl: 'shoe-feed',
      mappings: [{ source: 'sku', target: { system: 'identifier' } }],
    });
    expect(funnel.status).toBe(201);
    const tab = await bed.open({ token: owner });
    const { page } = tab;
    await page.goto('/console/#/content-types/shoes');
    const remove = page.getByRole('button', { name: 'Delete content type shoes' });
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('The API refuses while a funnel');
      void dialog.accept();
    });
    await remove.click();
    await page.getByRole('alert').filter({ hasText: 'shoe-feed' }).waitFor();

    expect((await call('DELETE', 'funnels/shoe-feed')).status).toBe(204);
    page.once('dialog', (dialog) => void dialog.accept());
    await remove.click();
    await page.getByRole('status').filter({ hasText: 'Deleted content type shoes.' }).waitFor();
    expect((await call('GET', 'content-types/shoes')).status).toBe(404);
    expect(unexpected(tab.problems, 409)).toEqual([]);
  });

  it('when a user is deleted, then the confirmation says its tokens stop working, and it is gone', async () => {
    const made = await call('POST', 'users', { email: 'bo@acme.test', permissions: [] });
    expect(made.status).toBe(201);
    const tab = await bed.open({ token: owner });
    const { page } = tab;
    await page.goto('/console/#/users');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('Every token of this user');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete bo@acme.test' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted bo@acme.test.' }).waitFor();
    const users = await call('GET', 'users');
    expect(JSON.stringify(users.body)).not.toContain('bo@acme.test');
    expect(tab.problems).toEqual([]);
  });
});

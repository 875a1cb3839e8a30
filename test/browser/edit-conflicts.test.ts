/**
 * The console's editors when settings change under them (docs/settings.md#versions): a new
 * content type whose key exists is refused (409) at its key, and nothing is replaced; a save over
 * a version someone else changed meanwhile is refused (412) with a notice to reload or overwrite;
 * a funnel's new endpoint URL is confirmed first, since senders of the old one get 404.
 */
import { unexpected, type ConsoleTab } from './support/console-browser';
import { consoleBed } from './support/console-bed';

const CHANGED_MEANWHILE = 'Someone else changed this';

describe('the console: edits that meet other edits', () => {
  const bed = consoleBed('console-edit-conflicts');
  let owner: string;
  let tab: ConsoleTab;

  const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    bed.api.call<T>(method, `/api/v1/settings/${path}`, {
      token: owner,
      ...(body === undefined ? {} : { body }),
    });

  beforeAll(async () => {
    ({ token: owner } = await bed.api.bootstrap('acme'));
  });
  beforeEach(async () => {
    tab = await bed.open({ token: owner });
  });

  it('when a new content type takes a key that exists, then the 409 is shown at the key and the stored one is kept', async () => {
    const made = await call('POST', 'content-types', {
      key: 'shoes',
      name: 'Shoes',
      properties: [{ key: 'size', label: 'Size', type: 'text' }],
    });
    expect(made.status).toBe(201);
    const { page } = tab;
    await page.goto('/console/#/new-content-type');
    await page.getByLabel('Key', { exact: true }).fill('shoes');
    await page.getByLabel('Name', { exact: true }).fill('Other shoes');
    await page.getByRole('button', { name: 'Create content type' }).click();
    await page.getByText('A content type with the key "shoes" exists already').first().waitFor();
    expect(await page.getByLabel('Key', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    const stored = await call<{ name: string; properties: unknown[] }>(
      'GET',
      'content-types/shoes',
    );
    expect(stored.body).toMatchObject({ name: 'Shoes', properties: [{ key: 'size' }] });
    expect(unexpected(tab.problems, 409)).toEqual([]);
  });

  it('when a content type changed since it was opened, then saving shows a notice, and overwriting saves over the new version', async () => {
    await call('POST', 'content-types', { key: 'boots', name: 'Boots', properties: [] });
    const { page } = tab;
    await page.goto('/console/#/content-types/boots');
    await page.getByRole('heading', { level: 1, name: 'Edit content type boots' }).waitFor();
    // Someone else saves meanwhile.
    expect((await call('PUT', 'content-types/boots', { name: 'Their boots' })).status).toBe(200);
    await page.getByLabel('Name', { exact: true }).fill('My boots');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(CHANGED_MEANWHILE).waitFor();
    expect((await call<{ name: string }>('GET', 'content-types/boots')).body.name).toBe(
      'Their boots',
    );
    await tab.screenshot('content-type-changed-meanwhile');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT'),
      page.getByRole('button', { name: 'Overwrite with mine' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['if-match']).toMatch(/^"boots\.r2\.[\w-]+"$/);
    await page.getByRole('status').filter({ hasText: 'Saved content type My boots' }).waitFor();
    expect((await call<{ name: string }>('GET', 'content-types/boots')).body.name).toBe('My boots');
    expect(unexpected(tab.problems, 412)).toEqual([]);
  });

  describe('funnels', () => {
    beforeAll(async () => {
      await call('POST', 'content-types', { key: 'products', name: 'Products', properties: [] });
    });

    const funnel = (endpointUrl: string) => ({
      contentType: 'products',
      name: `Funnel ${endpointUrl}`,
      endpointUrl,
      mappings: [{ source: 'sku', target: { system: 'identifier' } }],
    });

    it('when a funnel gets a new endpoint URL, then the console warns that the old one will answer 404 before it saves, and the history follows the funnel', async () => {
      expect((await call('POST', 'funnels', funnel('erp'))).status).toBe(201);
      // Refused by the API itself (no worker runs here), and recorded in the funnel's history.
      const malformed = await bed.api.call('POST', '/api/v1/funnels/erp', {
        token: owner,
        rawBody: '{"sku": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      const { page } = tab;
      await page.goto('/console/#/funnels/erp/edit');
      await page.getByRole('heading', { level: 1, name: 'Edit funnel erp' }).waitFor();
      await page.getByLabel('Endpoint URL').fill('erp-v2');
      const dismissed = page.waitForEvent('dialog').then(async (dialog) => {
        expect(dialog.message()).toContain('/api/v1/funnels/erp will get 404');
        await dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Save changes' }).click();
      await dismissed;
      expect((await call('GET', 'funnels/erp')).status).toBe(200);
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved funnel' }).waitFor();
      expect((await call('GET', 'funnels/erp-v2')).status).toBe(200);
      expect((await call('GET', 'funnels/erp')).status).toBe(404);

      await page.goto('/console/#/funnels/erp-v2');
      await page.getByText('Showing 1 request.').waitFor();
      const method = page.locator('table.history tbody tr td:nth-child(2)');
      expect(await method.allTextContents()).toEqual(['POST to erp']);
      expect(tab.problems).toEqual([]);
    });

    it('when a funnel changed since it was opened, then saving shows the notice and changes nothing', async () => {
      expect((await call('POST', 'funnels', funnel('pim'))).status).toBe(201);
      const { page } = tab;
      await page.goto('/console/#/funnels/pim/edit');
      await page.getByRole('heading', { level: 1, name: 'Edit funnel pim' }).waitFor();
      expect((await call('PATCH', 'funnels/pim', { name: 'Theirs' })).status).toBe(200);
      await page.getByLabel('Name', { exact: true }).fill('Mine');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText(CHANGED_MEANWHILE).waitFor();
      expect((await call<{ name: string }>('GET', 'funnels/pim')).body.name).toBe('Theirs');
      expect(unexpected(tab.problems, 412)).toEqual([]);
    });
  });
});

/**
 * The funnel editor's Preview panel and the history page's Replay buttons in a real browser, on
 * an API and a worker with real engines: the draft (unsaved) is run over the sample and the
 * funnel's recorded requests, and nothing is written; a record is replayed as a new request
 * whose record names it; values with markup from the API are shown as text only.
 */
import type { Browser } from 'playwright-core';
import { startTestApi, type TestApi } from '../support/api-harness';
import { waitUntil } from '../support/wait-until';
import { startTestWorker, type TestWorker } from '../support/worker-harness';
import { launchChromium, openTab, unexpected, type ConsoleTab } from './support/console-browser';
import { makeShop, sendToShop } from './support/shop-funnel';
import { tokenWith } from './support/tokens';

const MARKUP_NAME = '<b>Shop</b><img src=x onerror="window.hacked=1">';
const MARKUP_SKU = '<img src=x onerror="window.hacked=2">';

describe('the console: preview and replay', () => {
  let api: TestApi;
  let worker: TestWorker;
  let browser: Browser;
  let owner: string;
  let tab: ConsoleTab;
  const ids = { both: '', missing: '', removal: '' };

  const send = (method: string, body: unknown) => sendToShop(api, owner, method, body);
  const counts = async () => ({
    items: await api.context.db.items.countDocuments({}),
    history: await api.context.db.history.countDocuments({}),
  });

  beforeAll(async () => {
    browser = await launchChromium(); // first: without a browser, nothing else is started
    api = await startTestApi('console-preview-replay');
    worker = await startTestWorker(api.env);
    ({ token: owner } = await api.bootstrap('acme'));
    await makeShop(api, owner, {
      name: MARKUP_NAME,
      partialValidation: true,
      requestData: [{ sku: 'S-1', title: '<script>window.hacked=3</script>', price: 1, cost: 2 }],
    });
    const both = await send('POST', [
      { sku: 'A-1', title: 'Shoe', price: 1, cost: 'abc' },
      { sku: 'A-2', title: 'Boot', price: 2, cost: 5 },
    ]);
    const missing = await send('POST', [{ sku: MARKUP_SKU, title: 'Hat', cost: 3 }]);
    const removal = await send('DELETE', { identifiers: ['Z-1'] });
    expect([both.status, missing.status, removal.status]).toEqual([200, 422, 200]);
    Object.assign(ids, { both: both.id, missing: missing.id, removal: removal.id });
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
    await api?.close();
  });
  beforeEach(async () => {
    tab = await openTab(browser, api.baseUrl, { token: owner });
  });
  afterEach(() => tab?.close());

  it('when the draft is previewed, then each recorded request shows then and now and the items that change, and nothing is written', async () => {
    const { page } = tab;
    await page.goto('/console/#/funnels/shop/edit');
    await page.getByLabel('Target for cost').waitFor();
    // The draft: the price comes from `cost` now.
    await page.getByLabel('Target for price').selectOption('');
    await page.getByLabel('Target for cost').selectOption('property:price');
    const before = await counts();

    await page.getByLabel('Recent requests to run over').fill('10');
    // Keyboard only: Enter in the count runs the preview, and does not save the form.
    await page.getByLabel('Recent requests to run over').press('Enter');
    const table = page.getByRole('table', { name: 'Recorded requests: then and with the draft' });
    await table.waitFor();
    expect(await counts()).toEqual(before);

    const sample = page.getByRole('region', { name: 'Over the sample' });
    expect(await sample.textContent()).toMatch(/HTTP 200 success · 1 imported, 0 failed/);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    // Newest first: the request whose price was missing, then the one with both items.
    const [missingRow, bothRow] = [rows.nth(0), rows.nth(1)];
    expect(await missingRow.locator('td[data-label="Then"]').textContent()).toMatch(
      /HTTP 422 error/,
    );
    expect(await missingRow.locator('td[data-label="Now"]').textContent()).toMatch(
      /HTTP 200 success/,
    );
    expect(await missingRow.locator('td[data-label="Items that change"]').textContent()).toBe(
      `${MARKUP_SKU}: failed → imported`,
    );
    expect(await bothRow.locator('td[data-label="Now"]').textContent()).toMatch(
      /HTTP 200 partial · 1 imported, 1 failed/,
    );
    expect(await bothRow.locator('td[data-label="Items that change"]').textContent()).toMatch(
      /^A-1: imported → failed \(Price: /,
    );
    const skipped = await page.locator('ul.preview-skipped li').allTextContents();
    expect(skipped).toHaveLength(1);
    expect(skipped.join('\n')).toMatch(/DELETE/);

    // The funnel itself is unchanged: the preview saved nothing.
    const stored = await api.call<{ mappings: { source: string }[] }>(
      'GET',
      '/api/v1/settings/funnels/shop',
      { token: owner },
    );
    expect(stored.body.mappings.map((m) => m.source)).toEqual(['sku', 'title', 'price']);
    expect(await page.locator('main b, main img, main script').count()).toBe(0);
    expect(await page.evaluate('window.hacked')).toBeUndefined();
    await tab.screenshot('funnel-preview');
    expect(tab.problems).toEqual([]);
  });

  it('when a draft is one saving would refuse, then the preview shows the error at its field', async () => {
    const { page } = tab;
    await page.goto('/console/#/funnels/shop/edit');
    await page.getByLabel('Target for cost').waitFor();
    await page.getByLabel('Target for cost').selectOption('property:price');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await page.getByLabel('Target for cost').getAttribute('aria-invalid')).toBe('true');
    expect(unexpected(tab.problems, 422)).toEqual([]);
  });

  it('when a record is replayed, then a new record names it, and the buttons of records that cannot be are disabled with the reason', async () => {
    const { page } = tab;
    await page.goto('/console/#/funnels/shop');
    const table = page.getByRole('table', { name: 'Requests, newest first' });
    await table.locator('tbody tr').first().waitFor();
    const button = (id: string) => page.getByRole('button', { name: `Replay the request ${id}` });
    expect(await button(ids.removal).isDisabled()).toBe(true);
    const removalRow = table.locator('tbody tr').filter({ has: button(ids.removal) });
    expect(await removalRow.locator('.not-allowed').textContent()).toMatch(/only a POST/);
    await tab.screenshot('history-replay');

    const before = await api.context.db.history.countDocuments({});
    const rowsBefore = await table.locator('tbody tr').count();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('It is a new request');
      void dialog.accept();
    });
    await button(ids.missing).focus();
    await page.keyboard.press('Enter');
    const outcome = page.locator('.replay-outcome');
    await outcome.getByRole('link', { name: 'Open the new record' }).waitFor();
    expect(await outcome.textContent()).toMatch(/HTTP 422, Validation failed/);
    expect(await api.context.db.history.countDocuments({})).toBe(before + 1);
    // The table is read again: the new record is a row of it without a reload.
    await waitUntil(
      () => table.locator('tbody tr').count(),
      (rows) => rows === rowsBefore + 1,
      { what: 'the history table to show the replay' },
    );

    await outcome.getByRole('link', { name: 'Open the new record' }).click();
    await page.getByRole('link', { name: ids.missing }).waitFor();
    expect(await page.locator('main b, main img, main script').count()).toBe(0);
    expect(await page.evaluate('window.hacked')).toBeUndefined();
    await tab.screenshot('request-replayed');
    expect(unexpected(tab.problems, 422)).toEqual([]);
  });

  it('when a request is opened from a filtered history, then its way back keeps the filters', async () => {
    const { page } = tab;
    await page.goto('/console/#/funnels/shop?status=error');
    const table = page.getByRole('table', { name: 'Requests, newest first' });
    await table.locator('tbody tr').first().waitFor();
    await table.locator('tbody tr a[href*="/requests/"]').first().click();
    await page.getByRole('link', { name: '← History of shop' }).click();
    await page.waitForURL(/#\/funnels\/shop\?status=error/);
    await table.locator('tbody tr').first().waitFor();
    expect(unexpected(tab.problems)).toEqual([]);
  });

  it('when the token may not create, then every Replay button is disabled with the reason', async () => {
    const reader = await tokenWith(api, owner, 'reader', {
      permissions: ['manage_funnels'],
      abilities: ['read'],
    });
    const readerTab = await openTab(browser, api.baseUrl, { token: reader.token });
    try {
      await readerTab.page.goto('/console/#/funnels/shop');
      const button = readerTab.page.getByRole('button', { name: `Replay the request ${ids.both}` });
      await button.waitFor();
      expect(await button.isDisabled()).toBe(true);
      const row = readerTab.page.locator('tbody tr').filter({ has: button });
      expect(await row.locator('.not-allowed').textContent()).toBe(
        'Not allowed: this token lacks the "create" ability.',
      );
      expect(readerTab.problems).toEqual([]);
    } finally {
      await readerTab.close();
    }
  });
});

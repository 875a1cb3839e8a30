/**
 * "Where did my item go?" in a real browser, on a real pipeline: the items of a content type
 * searched by the beginning of an identifier, an item with its last write, its changes (what an
 * update changed, by the fields' labels) and the requests that named it (one that is gone too), the history filtered by an identifier, and a
 * funnel's full syncs with a dry run and a commit. Each page is checked for what it shows, for
 * console errors and CSP violations, and kept as a screenshot in test-artifacts/console/.
 */
import type { Browser, Locator } from 'playwright-core';
import type { HistoryView } from '../../core/history/history-record';
import { requestIdOf, startPipeline, type Pipeline } from '../e2e/pipeline/pipeline-fixture';
import { launchChromium, openTab, unexpected, type ConsoleTab } from './support/console-browser';

describe('the console: items, an item, history by identifier and syncs', () => {
  let p: Pipeline;
  let browser: Browser;
  let tab: ConsoleTab;
  let url: string;
  let contentType: string;
  const records: HistoryView[] = [];

  async function send(method: 'POST' | 'DELETE', body: unknown): Promise<HistoryView> {
    const response = await p.send(method, url, { body });
    const record = await p.history(url, requestIdOf(response));
    records.push(record);
    return record;
  }

  beforeAll(async () => {
    browser = await launchChromium(); // first: without a browser, nothing else is started
    p = await startPipeline('console-items');
    ({ url, contentType } = await p.scenario({
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
        { source: 'color', target: { property: 'color' } },
      ],
    }));
    await send('POST', [
      { sku: 'A-1', title: 'Shoe', color: 'red' },
      { sku: 'A-2', title: 'Boot', color: 'black' },
      { sku: 'A-10', title: 'Sock', color: 'grey' },
      { sku: 'B-1', title: 'Bag', color: 'brown' },
      { sku: '.*x', title: 'Not a pattern', color: 'none' },
    ]);
    await send('POST', [{ sku: 'A-1', title: 'Red shoe', color: 'blue' }]);
    await send('POST', [{ sku: 'A-10', color: 'grey' }]); // refused: a product needs its name
    await send('DELETE', { identifiers: ['A-2'] });
  });
  afterAll(async () => {
    await browser?.close();
    await p?.close();
  });
  beforeEach(async () => {
    tab = await openTab(browser, p.api.baseUrl, { token: p.token });
  });
  afterEach(async () => {
    if (!tab) return;
    const { problems } = tab;
    await tab.close();
    // The browser logs the 404 of an item that is gone and the 422 of a refused commit, which
    // the pages show as answers.
    expect(unexpected(problems, 404, 422)).toEqual([]);
  });

  /** Each change of an item's table as [event, version]. */
  async function changesOf(table: Locator): Promise<string[][]> {
    await table.waitFor();
    const rows = await table.locator('tbody tr').all();
    return Promise.all(
      rows.map((row) => row.locator('td:nth-child(2), td:nth-child(3)').allTextContents()),
    );
  }

  const itemsTable = () => tab.page.locator('table.items tbody tr td:first-child');

  it('when items are searched by the beginning of an identifier, then only those starting with it are listed', async () => {
    const { page } = tab;
    await page.goto('/console/');
    await page.getByRole('link', { name: 'Items', exact: true }).click();
    await page.getByLabel('Content type key').fill(contentType);
    await page.getByRole('button', { name: 'Show its items' }).click();
    await page.getByText('Showing 4 items.').waitFor();
    expect(await itemsTable().allTextContents()).toEqual(['.*x', 'A-1', 'A-10', 'B-1']);

    await page.getByLabel('Identifier, or its beginning').fill('A-1');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 2 items.').waitFor();
    expect(page.url()).toContain(`#/items/${contentType}?prefix=A-1`);
    expect(await itemsTable().allTextContents()).toEqual(['A-1', 'A-10']);
    await tab.screenshot('items');

    // Characters of a regular expression match only themselves.
    await page.getByLabel('Identifier, or its beginning').fill('.*');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1 item.').waitFor();
    expect(await itemsTable().allTextContents()).toEqual(['.*x']);
  });

  it('when an item is opened, then its version, last write and the requests that named it show', async () => {
    const { page } = tab;
    await page.goto(`/console/#/items/${contentType}?prefix=A-1`);
    await page.getByRole('link', { name: 'A-1', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Item A-1' }).waitFor();
    const requests = page.getByRole('table', { name: /requests that named it/ });
    await requests.waitFor();
    const facts = await page.locator('.facts dt, .facts dd').allTextContents();
    expect(facts).toEqual(expect.arrayContaining(['Name', 'Red shoe', 'Version', '2']));
    const lastRequest = page.getByRole('link', { name: records[1]!.requestId });
    expect(await lastRequest.getAttribute('href')).toBe(
      `#/funnels/${url}/requests/${records[1]!.recordId}`,
    );
    const outcomes = await requests.locator('tbody tr td:nth-child(5)').allTextContents();
    expect(outcomes).toEqual(['written', 'written']);
    const changes = page.getByRole('table', { name: /changes in the change log/ });
    expect(await changesOf(changes)).toEqual([
      ['updated', '2'],
      ['created', '1'],
    ]);
    // The update's fields by their labels in the content type, before and after.
    const changed = changes.locator('tbody tr td:nth-child(5)');
    expect(await changed.first().locator('li').allTextContents()).toEqual([
      'Product Name: "Shoe" → "Red shoe"',
      'Color: "red" → "blue"',
    ]);
    expect(await changed.nth(1).textContent()).toBe('—');
    await tab.screenshot('item');

    await lastRequest.click();
    await page
      .getByRole('heading', { level: 1, name: `Request ${records[1]!.recordId}` })
      .waitFor();
    const imported = page.getByRole('list', { name: 'Imported (successIds) (1)' });
    await imported.waitFor();
    expect(await imported.getByRole('link').getAttribute('href')).toBe(
      `#/items/${contentType}/A-1`,
    );
    const token = await page.locator('.facts dt:text("Token") + dd').textContent();
    expect(token).toContain(p.tokenId);
  });

  it('when an item was deleted, then its page says so and names the request that deleted it', async () => {
    const { page } = tab;
    await page.goto(`/console/#/items/${contentType}/A-2`);
    await page.getByText(/No item “A-2” is stored/).waitFor();
    const requests = page.getByRole('table', { name: /requests that named it/ });
    await requests.waitFor();
    const rows = await Promise.all(
      (await requests.locator('tbody tr').all()).map((row) =>
        row.locator('td:nth-child(3), td:nth-child(5)').allTextContents(),
      ),
    );
    expect(rows).toEqual([
      ['DELETE', 'deleted'],
      ['POST', 'written'],
    ]);
    const changes = page.getByRole('table', { name: /changes in the change log/ });
    expect(await changesOf(changes)).toEqual([
      ['deleted', '2'],
      ['created', '1'],
    ]);
    await tab.screenshot('item-deleted');
  });

  it('when the history is filtered by an identifier, then only the requests that named it are listed, with their identifiers', async () => {
    const { page } = tab;
    await page.goto(`/console/#/funnels/${url}`);
    await page.getByText('Showing 4 requests.').waitFor();
    await page.getByLabel('Item identifier').fill('A-2');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Showing 2 requests.').waitFor();
    expect(page.url()).toContain('identifier=A-2');
    const rows = page.locator('table.history tbody tr');
    const identifiers = await rows.locator('td:nth-child(6)').allTextContents();
    expect(identifiers).toEqual(['A-2', 'A-1, A-2, A-10, B-1, .*x']);
    const link = rows.first().locator('td:nth-child(6) a');
    expect(await link.getAttribute('href')).toBe(`#/items/${contentType}/A-2`);
    await tab.screenshot('history-by-identifier');
  });

  it('when a sync is open, then the syncs page counts it, its dry run says what it would delete, and it commits after a confirmation', async () => {
    const started = await p.api.call<{ syncId: string }>('POST', `/api/v1/funnels/${url}/syncs`, {
      token: p.token,
    });
    const { syncId } = started.body;
    const tagged = await p.api.call('POST', `/api/v1/funnels/${url}?sync=${syncId}`, {
      token: p.token,
      body: [
        { sku: 'A-1', title: 'Red shoe', color: 'blue' },
        { sku: 'A-10', title: 'Sock', color: 'grey' },
      ],
    });
    expect(tagged.status).toBe(200);

    const { page } = tab;
    await page.goto(`/console/#/funnels/${url}`);
    await page.getByRole('link', { name: 'Full syncs of this funnel' }).click();
    await page.getByRole('heading', { level: 1, name: `Full syncs of ${url}` }).waitFor();
    await page.getByText('1 sync: 1 open, 0 expired, 0 committing, 0 committed.').waitFor();
    const row = page.locator('table.syncs tbody tr');
    expect((await row.locator('td').allTextContents()).slice(4, 6)).toEqual(['1', '2']);

    await page.getByLabel('Limit').selectOption('maxDeletes');
    await page.getByLabel('Value').fill('1');
    await page.getByRole('button', { name: 'Dry run' }).click();
    const preview = page.locator('.sync-preview');
    await preview.waitFor();
    expect(await preview.locator('p').first().textContent()).toMatch(
      /would delete 2 items of the 4 this funnel wrote; the limit allows 1: over the limit/,
    );
    expect(await preview.getByRole('list').textContent()).toBe('.*xB-1');
    await tab.screenshot('syncs-dry-run');

    // Over the limit the API refuses the commit and deletes nothing.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Commit' }).click();
    await page.getByText(/^Commit refused: /).waitFor();
    expect(await p.item(contentType, 'B-1')).not.toBeNull();
    // Listed again, the refused commit says why, in the API's words.
    await page.reload();
    await page.getByText('1 sync: 1 open, 0 expired, 0 committing, 0 committed.').waitFor();
    expect(await row.locator('td:nth-child(7)').textContent()).toMatch(
      /: refused \(HTTP 422\): The commit would delete 2 items, more than the limit of 1/,
    );

    await page.getByLabel('Value').fill('2');
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Commit' }).click();
    expect(await p.item(contentType, 'B-1')).not.toBeNull();

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Commit' }).click();
    await page.getByText('1 sync: 0 open, 0 expired, 0 committing, 1 committed.').waitFor();
    expect(await p.item(contentType, 'B-1')).toBeNull();
    expect(await row.locator('td:nth-child(7)').textContent()).toMatch(/2 of 2 deleted/);
    await tab.screenshot('syncs');
  });
});

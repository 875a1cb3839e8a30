/**
 * The console's pages in a real browser, on a real pipeline (API and worker): the funnels with
 * their last request and error rate, a funnel's history with its filters, keyset paging and chart,
 * and one failed request with its errors by item. Each page is checked for what it shows, for
 * console errors and CSP violations, and kept as a screenshot in test-artifacts/console/.
 */
import type { Browser, Locator } from 'playwright-core';
import type { HistoryView } from '../../core/history/history-record';
import { requestIdOf, startPipeline, type Pipeline } from '../e2e/pipeline/pipeline-fixture';
import { launchChromium, openTab, type ConsoleTab } from './support/console-browser';

/** What the busy funnel received, oldest first: three successes and two failures. */
const SENT = [
  {
    method: 'POST',
    body: [
      { sku: 'A-1', title: 'Shoe' },
      { sku: 'A-2', title: 'Boot' },
    ],
  },
  { method: 'POST', body: [{ sku: 'B-1' }, { sku: 'B-2', title: 'Bag' }] },
  { method: 'POST', body: { sku: 'A-3', title: 'Hat' } },
  { method: 'DELETE', body: { identifiers: ['A-1', 'Z-9'] } },
  // Markup in a sender's data must show as text, never as markup.
  { method: 'POST', body: [{ sku: '<b>C-1</b>' }, { title: '<img src=x onerror=alert(1)>' }] },
] as const;

const cellTexts = (row: Locator) => row.locator('td, th').allTextContents();

/** An attribute of every element a locator finds, in document order. */
async function attributes(locator: Locator, name: string): Promise<(string | null)[]> {
  return Promise.all((await locator.all()).map((element) => element.getAttribute(name)));
}

describe('the console: funnels, history, request and chart', () => {
  let p: Pipeline;
  let browser: Browser;
  let tab: ConsoleTab;
  let busy: string;
  let quiet: string;
  let records: HistoryView[];

  beforeAll(async () => {
    browser = await launchChromium(); // first: without a browser, nothing else is started
    p = await startPipeline('console-pages');
    ({ url: busy } = await p.scenario());
    ({ url: quiet } = await p.scenario());
    records = [];
    for (const { method, body } of SENT) {
      const response = await p.send(method, busy, { body });
      records.push(await p.history(busy, requestIdOf(response)));
    }
    expect(records.map((record) => record.status)).toEqual([
      'success',
      'error',
      'success',
      'success',
      'error',
    ]);
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
    // Whatever a test did, the page never logged an error or hit the CSP.
    expect(problems).toEqual([]);
  });

  const historyTable = () => tab.page.getByRole('table', { name: 'Requests, newest first' });
  const historyRows = () => historyTable().locator('tbody tr');

  it('when the funnels page opens, then each funnel shows its last request and its error rate', async () => {
    const { page } = tab;
    await page.goto('/console/');
    const rowOf = (url: string) =>
      page.locator('tbody tr', { has: page.getByRole('link', { name: url, exact: true }) });
    await rowOf(busy).getByText('40%').waitFor();
    const busyCells = await cellTexts(rowOf(busy));
    expect(busyCells[0]).toBe(`${busy}${busy} Edit`); // name, endpoint URL, the editor link
    expect(busyCells.slice(1, 3)).toEqual([expect.stringMatching(/^p-/), 'Active']);
    expect(busyCells[3]).toMatch(/^error .+ POST$/); // the last request: the second failure
    expect(busyCells[4]).toBe('40% 2 of 5 requests');
    const last = rowOf(busy).locator('time');
    expect(await last.getAttribute('datetime')).toBe(records[4]!.receivedAt);

    await rowOf(quiet).getByText('No requests yet').waitFor();
    expect((await cellTexts(rowOf(quiet))).slice(3)).toEqual(['No requests yet', '—']);
    await tab.screenshot('funnels');
  });

  it('when the history is filtered by status error, then only the failed requests are listed', async () => {
    const { page } = tab;
    await page.goto('/console/');
    await page.getByRole('link', { name: busy, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `History of ${busy}` }).waitFor();
    await page.getByText('Showing 5 requests.').waitFor();
    await tab.screenshot('history');

    await page.getByLabel('Status').selectOption('error');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Showing 2 requests.').waitFor();
    expect(page.url()).toContain(`#/funnels/${busy}?status=error`);
    const statuses = await historyRows().locator('td:nth-child(3)').allTextContents();
    expect(statuses).toEqual(['error', 'error']);
    const links = await attributes(historyRows().locator('td:first-child a'), 'href');
    expect(links).toEqual([4, 1].map((i) => `#/funnels/${busy}/requests/${records[i]!.requestId}`));
    await tab.screenshot('history-errors');
  });

  it('when the method and date filters are set, then they narrow the history too', async () => {
    const { page } = tab;
    await page.goto(`/console/#/funnels/${busy}?method=DELETE`);
    await page.getByText('Showing 1 request.').waitFor();
    expect(await historyRows().locator('td:nth-child(2)').allTextContents()).toEqual(['DELETE']);

    await page.getByLabel('Method').selectOption('');
    await page.getByLabel('Received from').fill('2099-01-01T00:00');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No requests match these filters.').waitFor();

    await page.getByLabel('Received from').fill('2000-01-01T00:00');
    await page.getByLabel('Received before').fill('2099-01-01T00:00');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Showing 5 requests.').waitFor();
  });

  it('when a full sync ran, then its requests and its commit are marked and listed together', async () => {
    const { url } = await p.scenario();
    await p.post(url, { sku: 'OLD-1', title: 'written before the sync' });
    const started = await p.api.call<{ syncId: string }>('POST', `/api/v1/funnels/${url}/syncs`, {
      token: p.token,
    });
    const { syncId } = started.body;
    const tagged = await p.api.call('POST', `/api/v1/funnels/${url}?sync=${syncId}`, {
      token: p.token,
      body: { sku: 'NEW-1', title: 'in the snapshot' },
    });
    expect(tagged.status).toBe(200);
    const commit = await p.api.call('POST', `/api/v1/funnels/${url}/syncs/${syncId}/commit`, {
      token: p.token,
      body: { maxDeletes: 10 },
    });
    expect(commit.status).toBe(200);

    const { page } = tab;
    await page.goto(`/console/#/funnels/${url}`);
    await page.getByText('Showing 3 requests.').waitFor();
    await page.getByRole('link', { name: 'sync commit' }).click();
    await page.getByText('Showing 2 requests.').waitFor();
    expect(await page.getByLabel('Full sync id').inputValue()).toBe(syncId);
    expect(await historyRows().getByRole('link', { name: 'in a sync' }).count()).toBe(1);
  });

  it('when a failed request is opened, then its errors by item, timings, ids and payload show', async () => {
    const { page } = tab;
    const failed = records[4]!;
    await page.goto(`/console/#/funnels/${busy}?status=error`);
    await historyRows().first().locator('td:first-child a').click();
    await page.getByRole('heading', { level: 1, name: `Request ${failed.requestId}` }).waitFor();

    const errors = page.getByRole('table', { name: /^2 errors on 2 items/ });
    await errors.waitFor(); // the heading shows first, the record when it arrives
    const rows = await Promise.all(
      (await errors.locator('tbody tr').all()).map((row) => row.locator('td').allTextContents()),
    );
    const expected = Object.entries(failed.errors).flatMap(([item, fields]) =>
      Object.entries(fields).map(([field, message]) => [item, field, message]),
    );
    expect(rows).toEqual(expected);
    expect(rows).toContainEqual(['<b>C-1</b>', 'Product Name', 'This field is required']);
    expect(await errors.locator('b, img').count()).toBe(0);

    const facts = await page.locator('.facts dt, .facts dd').allTextContents();
    expect(facts).toEqual(
      expect.arrayContaining(['Method', 'POST', 'HTTP status', '422', 'Received', 'Duration']),
    );
    const timings = page.locator('section', {
      has: page.getByRole('heading', { name: 'Timings' }),
    });
    expect(await attributes(timings.locator('time'), 'datetime')).toEqual([
      failed.receivedAt,
      failed.finishedAt,
    ]);
    expect(await page.getByRole('heading', { name: 'Imported (successIds) (0)' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByText('The whole payload.').isVisible()).toBe(true);
    const payload = await page.getByLabel('Payload text').textContent();
    expect(JSON.parse(payload ?? '')).toEqual(SENT[4].body);
    await tab.screenshot('request-failed');
  });

  it('when a delete is opened, then its deleted and not-found identifiers show', async () => {
    const { page } = tab;
    await page.goto(`/console/#/funnels/${busy}/requests/${records[3]!.requestId}`);
    await page.getByRole('heading', { name: 'Deleted (deletedIds) (1)' }).waitFor();
    expect(await page.getByRole('list', { name: 'Deleted (deletedIds) (1)' }).textContent()).toBe(
      'A-1',
    );
    expect(
      await page.getByRole('list', { name: 'Not found (notFoundIds) (1)' }).textContent(),
    ).toBe('Z-9');
    expect(await page.getByText('No errors.').isVisible()).toBe(true);
  });

  it('when the history is shown, then the chart has points for every request and item sent', async () => {
    const { page } = tab;
    await page.goto(`/console/#/funnels/${busy}`);
    const caption = page.locator('figcaption');
    await caption.waitFor();
    const items = records.reduce((sum, record) => sum + record.itemCount, 0);
    expect(await caption.textContent()).toMatch(
      new RegExp(
        `^5 requests \\(2 failed\\) and ${items} items, in steps of \\d+ \\w+, from .+\\.$`,
      ),
    );
    const total = async (series: string) => {
      const values = await attributes(
        page.locator(`circle[data-series="${series}"]`),
        'data-value',
      );
      return values.reduce((sum, value) => sum + Number(value), 0);
    };
    expect(await total('requests')).toBe(5);
    expect(await total('failed')).toBe(2);
    expect(await total('items')).toBe(items);
    const box = await page.getByRole('img', { name: /^Requests over time/ }).boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    await tab.screenshot('chart');
  });

  it('when a dry run fails, then it is no failure in the error rate or the chart, and a filter lists it apart', async () => {
    const { page } = tab;
    const { url } = await p.scenario();
    await p.post(url, { sku: 'D-1', title: 'Real' });
    const dry = await p.post(url, [{ sku: 'D-2' }, { sku: 'D-3', title: 'Valid' }], {
      dryRun: true,
    });
    expect(dry.status).toBe(422);

    await page.goto('/console/');
    const row = page.locator('tbody tr', {
      has: page.getByRole('link', { name: url, exact: true }),
    });
    await row.getByText('0 of 1 request').waitFor();
    expect((await cellTexts(row))[4]).toBe('0% 0 of 1 request');

    await page.goto(`/console/#/funnels/${url}`);
    const caption = page.locator('figcaption');
    await caption.waitFor();
    expect(await caption.textContent()).toMatch(
      /^2 requests \(0 failed; 1 dry run, not counted as failures\) and 3 items, /,
    );
    const failed = await attributes(page.locator('circle[data-series="failed"]'), 'data-value');
    expect(failed.every((value) => value === '0')).toBe(true);

    await page.getByLabel('Dry runs').selectOption('true');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Showing 1 request.').waitFor();
    expect(page.url()).toContain(`#/funnels/${url}?dryRun=true`);
    await historyRows().first().locator('td:first-child a').click();
    // The request page says what all or nothing kept from being written.
    await page
      .getByText(
        'Validation failed for 1 of 2 items; the 1 valid item was not written, as partial ' +
          'validation is off (it would have written it)',
      )
      .waitFor();
    await tab.screenshot('history-dry-runs');
  });

  it('when "Load more" is pressed, then the next page follows the cursor until the last', async () => {
    const { page } = tab;
    await page.goto(`/console/#/funnels/${busy}?limit=2`);
    await page.getByText('Showing 2 requests; there are more.').waitFor();
    const more = page.getByRole('button', { name: 'Load more' });
    await more.click();
    await page.getByText('Showing 4 requests; there are more.').waitFor();
    await more.click();
    await page.getByText('Showing 5 requests.').waitFor();
    expect(await more.isVisible()).toBe(false);
    const links = await attributes(historyRows().locator('td:first-child a'), 'href');
    const ids = links.map((link) => link?.split('/').pop());
    expect(ids).toEqual(records.map((record) => record.requestId).reverse());
  });

  it('when the screen is as narrow as a phone, then no page scrolls sideways: table rows become cards', async () => {
    const { page } = tab;
    await page.setViewportSize({ width: 360, height: 740 });
    const overflow = () =>
      page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    await page.goto('/console/');
    await page.getByText('40%').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await tab.screenshot('funnels-narrow');
    await page.goto(`/console/#/funnels/${busy}`);
    await page.getByText('Showing 5 requests.').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await tab.screenshot('history-narrow');
    await page.goto(`/console/#/funnels/${busy}/requests/${records[4]!.requestId}`);
    await page.getByRole('heading', { name: 'Errors' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await tab.screenshot('request-narrow');
  });
});

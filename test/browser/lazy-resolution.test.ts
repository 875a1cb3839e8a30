/**
 * Where lazy comparison wrote an item, in a real browser on an API and a worker with real
 * engines: a request's page lists each item written to another identifier than the one sent
 * ("sent x/E-1, written to E-1"), and the funnel editor's preview lists what the draft would
 * write so, over its sample and over the recorded requests.
 */
import type { Browser } from 'playwright-core';
import { startTestApi, type TestApi } from '../support/api-harness';
import { startTestWorker, type TestWorker } from '../support/worker-harness';
import { launchChromium, openTab, type ConsoleTab } from './support/console-browser';

describe('the console: items matched lazily', () => {
  let api: TestApi;
  let worker: TestWorker;
  let browser: Browser;
  let owner: string;
  let tab: ConsoleTab;
  let requestId = '';

  const call = async (method: string, path: string, body: unknown, expected: number) => {
    const response = await api.call(method, path, { token: owner, body });
    expect(response.status).toBe(expected);
    return response;
  };

  beforeAll(async () => {
    browser = await launchChromium(); // first: without a browser, nothing else is started
    api = await startTestApi('console-lazy');
    worker = await startTestWorker(api.env);
    ({ token: owner } = await api.bootstrap('acme'));
    await call(
      'PUT',
      '/api/v1/settings/content-types/products',
      { name: 'Products', kind: 'product', properties: [] },
      201,
    );
    const mappings = (lazy: boolean) => [
      { source: 'sku', target: { system: 'identifier' }, lazy },
      { source: 'title', target: { system: 'name' } },
    ];
    const funnel = (endpointUrl: string, lazy: boolean) => ({
      contentType: 'products',
      name: endpointUrl,
      endpointUrl,
      mappings: mappings(lazy),
      requestData: [{ sku: 'DE-E-1', title: 'Sample' }],
    });
    await call('POST', '/api/v1/settings/funnels', funnel('exact', false), 201);
    await call('POST', '/api/v1/settings/funnels', funnel('lazy', true), 201);
    await call('POST', '/api/v1/funnels/exact', { sku: 'E-1', title: 'Stored' }, 200);
    const sent = await call(
      'POST',
      '/api/v1/funnels/lazy',
      [
        { sku: 'x/E-1', title: 'One' },
        { sku: 'E-14', title: 'Fourteen' },
      ],
      200,
    );
    requestId = sent.headers.get('x-request-id') ?? '';
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

  it('when a request wrote an item to another identifier than sent, then its page says which', async () => {
    const { page } = tab;
    await page.goto(`/console/#/funnels/lazy/requests/${requestId}`);
    const heading = 'Matched lazily (resolved) (1)';
    await page.getByRole('heading', { name: heading }).waitFor();
    expect(await page.getByRole('list', { name: heading }).textContent()).toBe(
      'sent x/E-1, written to E-1',
    );
    const imported = page.getByRole('list', { name: 'Imported (successIds) (2)' });
    expect(await imported.textContent()).toBe('x/E-1E-14');
    // The link of an item matched lazily opens the item written, not the identifier sent.
    expect(await imported.getByRole('link', { name: 'x/E-1' }).getAttribute('href')).toBe(
      '#/items/products/E-1',
    );
    await imported.getByRole('link', { name: 'x/E-1' }).click();
    await page.getByRole('heading', { level: 1, name: 'Item E-1' }).waitFor();
    await page.locator('.facts dd', { hasText: 'One' }).first().waitFor(); // its name, as sent
    expect(await page.getByText(/^No item/).count()).toBe(0);
    await tab.screenshot('request-resolved');
    expect(tab.problems).toEqual([]);
  });

  it('when the draft is previewed, then what it would write to another identifier shows under its answers', async () => {
    const { page } = tab;
    await page.goto('/console/#/funnels/lazy/edit');
    await page.getByLabel('Target for sku').waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    const table = page.getByRole('table', { name: 'Recorded requests: then and with the draft' });
    await table.waitFor();
    const sample = page.getByRole('region', { name: 'Over the sample' });
    expect(await sample.locator('.resolved-list').textContent()).toBe(
      'sent DE-E-1, written to E-1',
    );
    const now = table.locator('tbody tr').first().locator('td[data-label="Now"]');
    expect(await now.locator('.resolved-list').textContent()).toBe('sent x/E-1, written to E-1');
    expect(tab.problems).toEqual([]);
  });
});

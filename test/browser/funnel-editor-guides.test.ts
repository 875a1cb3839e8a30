/**
 * The funnel editor's guidance in a real browser, on a real pipeline: a content type first when
 * there is none; sure suggestions applied and the rest offered; the identifier never optional;
 * a confirmation before saving a funnel without an identifier; the first request to send after
 * saving; values recent requests sent beside their paths; and the API's errors, every one at
 * once, in plain words at their fields, with an earlier "Saved" taken away.
 */
import type { Browser } from 'playwright-core';
import { startPipeline, type Pipeline } from '../e2e/pipeline/pipeline-fixture';
import { launchChromium, openTab, unexpected, type ConsoleTab } from './support/console-browser';

/** What zod says when nobody told it better, and patterns: none of it may reach a person. */
const VALIDATOR_WORDS = /Too small|Too big|Invalid input|expected [a-z]+,|received|>=|\^|regex/;

describe('the console: a funnel editor that guides', () => {
  let p: Pipeline;
  let browser: Browser;
  let tab: ConsoleTab;
  let contentType: string;

  const status = async (url: string) =>
    (await p.api.call('GET', `/api/v1/settings/funnels/${url}`, { token: p.token })).status;

  beforeAll(async () => {
    browser = await launchChromium(); // first: without a browser, nothing else is started
    p = await startPipeline('console-editor-guides');
    contentType = p.fresh('products');
    await p.putContentType(contentType, {
      name: 'Products',
      kind: 'product',
      properties: [{ key: 'color', label: 'Color', type: 'text' }],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await p?.close();
  });
  afterEach(() => tab?.close());

  const newFunnel = async (name: string, url: string, sample: unknown) => {
    tab = await openTab(browser, p.api.baseUrl, { token: p.token });
    const { page } = tab;
    await page.goto('/console/#/new-funnel');
    await page.getByRole('heading', { level: 1, name: 'New funnel' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('Content type').selectOption(contentType);
    await page.getByLabel('Sample payload (request data, JSON)').fill(JSON.stringify(sample));
    await page.getByRole('button', { name: 'Show paths' }).click();
    await page.getByRole('table', { name: 'Paths of the sample and their mapping' }).waitFor();
    return page;
  };

  it('when the tenant has no content type, then the funnels page and New funnel say it comes first and link to it', async () => {
    const { token } = await p.api.bootstrap('bare');
    tab = await openTab(browser, p.api.baseUrl, { token });
    const { page } = tab;
    await page.goto('/console/#/');
    await page.getByRole('link', { name: 'create a content type first' }).waitFor();
    await page.goto('/console/#/new-funnel');
    await page.getByText('A funnel writes items of one content type').waitFor();
    expect(await page.getByLabel('Endpoint URL').count()).toBe(0);
    await page.getByRole('link', { name: 'New content type' }).click();
    await page.getByRole('heading', { level: 1, name: 'New content type' }).waitFor();
    await tab.screenshot('funnel-editor-content-type-first');
    expect(tab.problems).toEqual([]);
  });

  it('when paths are shown, then sure suggestions are applied, the rest offered, the identifier is never optional and Lazy is explained', async () => {
    const page = await newFunnel('Guided', p.fresh('guided'), {
      sku: 'A-1',
      title: 'Shoe',
      colour: 'red',
    });
    expect(await page.getByLabel('Target for sku').inputValue()).toBe('system:identifier');
    expect(await page.getByLabel('Target for title').inputValue()).toBe('system:name');
    expect(await page.getByLabel('Optional for sku').isDisabled()).toBe(true);
    expect(await page.getByLabel('Optional for title').isDisabled()).toBe(false);
    await page.getByText('E-14 does not find E-1').waitFor();

    // Taken away by a person, the suggestion is offered again, and taken with one click.
    await page.getByLabel('Target for sku').selectOption('');
    expect(await page.getByLabel('Optional for sku').isDisabled()).toBe(false);
    await page.getByRole('button', { name: /^Use Product Identifier for sku$/ }).click();
    expect(await page.getByLabel('Target for sku').inputValue()).toBe('system:identifier');
    expect(await page.getByLabel('Optional for sku').isDisabled()).toBe(true);
    await tab.screenshot('funnel-editor-suggestions');
    expect(tab.problems).toEqual([]);
  });

  it('when a funnel without an identifier is saved, then the console asks first, and after saving shows the first request to send', async () => {
    const url = p.fresh('first');
    const page = await newFunnel('First', url, { sku: 'A-1', title: 'Shoe' });
    await page.getByLabel('Target for sku').selectOption('');
    const dismissed = page.waitForEvent('dialog').then(async (dialog) => {
      expect(dialog.message()).toContain('Every request to this funnel will fail');
      await dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Create funnel' }).click();
    await dismissed;
    expect(await status(url)).toBe(404);

    await page.getByLabel('Target for sku').selectOption('system:identifier');
    await page.getByRole('button', { name: 'Create funnel' }).click();
    const panel = page.getByRole('region', { name: 'Send your first request' });
    await panel.waitFor();
    const address = `${p.api.baseUrl}/api/v1/funnels/${url}`;
    expect(await panel.locator('.funnel-address').textContent()).toBe(address);
    const curl = await panel.locator('.curl-line').textContent();
    expect(curl).toContain(`curl -X POST '${address}'`);
    expect(curl).toContain(`-d '{"sku":"A-1","title":"Shoe"}'`);
    await tab.screenshot('funnel-editor-first-request');

    // What senders then send is shown beside its path.
    expect((await p.post(url, { sku: 'Z-77', title: 'Sent boot' })).status).toBe(200);
    await page.reload();
    const sent = page.locator('tr', { has: page.getByLabel('Target for sku') });
    await sent.locator('td[data-label="Recently sent"]').getByText('Z-77').waitFor();
    expect(tab.problems).toEqual([]);
  });

  it('when an edited funnel is left unsaved, then the console asks first; when it is deleted, then the confirmation says what it affects', async () => {
    const url = p.fresh('doomed');
    const page = await newFunnel('Doomed', url, { sku: 'A-1', title: 'Shoe' });
    await page.getByRole('button', { name: 'Create funnel' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved funnel Doomed.' }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Doomed, renamed');
    const stayed = page.waitForEvent('dialog').then(async (dialog) => {
      expect(dialog.message()).toContain('not saved');
      await dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Funnels' }).first().click();
    await stayed;
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Doomed, renamed');

    const asked = page.waitForEvent('dialog').then(async (dialog) => {
      expect(dialog.message()).toContain(`/api/v1/funnels/${url} will get 404`);
      await dialog.accept();
    });
    await page.getByRole('button', { name: `Delete funnel ${url}` }).click();
    await asked;
    await page
      .getByRole('status')
      .filter({ hasText: `Deleted funnel ${url}.` })
      .waitFor();
    expect(await status(url)).toBe(404);
    expect(tab.problems).toEqual([]);
  });

  it('when the mapping is shown on a phone 390 pixels wide, then the page fits without sideways scrolling', async () => {
    tab = await openTab(browser, p.api.baseUrl, {
      token: p.token,
      viewport: { width: 390, height: 844 },
    });
    const { page } = tab;
    await page.goto('/console/#/new-funnel');
    await page.getByLabel('Content type').selectOption(contentType);
    await page
      .getByLabel('Sample payload (request data, JSON)')
      .fill(JSON.stringify({ sku: 'A-1', title: 'Shoe', attributes: { colour: 'red' } }));
    await page.getByRole('button', { name: 'Show paths' }).click();
    await page.getByLabel('Target for attributes.colour').waitFor();
    const width = await page.evaluate('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    await tab.screenshot('funnel-editor-narrow');
    expect(tab.problems).toEqual([]);
  });

  it('when a funnel with long paths, transform steps and values sent is edited 1,280 pixels wide, then the mapping table fits the page', async () => {
    const url = p.fresh('wide');
    const sample = {
      productIdentifierFromTheErp: 'DE-12345-XL',
      attributes: { marketing: { longDescriptionForTheWebshop: 'A shoe', colourNames: 'red' } },
    };
    const created = await p.api.call('POST', '/api/v1/settings/funnels', {
      token: p.token,
      body: {
        name: 'Wide',
        endpointUrl: url,
        contentType,
        requestData: sample,
        mappings: [
          { source: 'productIdentifierFromTheErp', target: { system: 'identifier' } },
          {
            source: 'attributes.marketing.longDescriptionForTheWebshop',
            target: { system: 'name' },
          },
          {
            source: 'attributes.marketing.colourNames',
            target: { property: 'color' },
            optional: true,
            transforms: [
              { op: 'trim' },
              { op: 'lowercase' },
              { op: 'uppercase' },
              { op: 'default', value: 'unknown' },
            ],
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    const long = 'Forty-two characters of a colour name, sent';
    const sent = await p.post(url, {
      ...sample,
      productIdentifierFromTheErp: 'DE-12345-XL-WITH-A-VERY-LONG-IDENTIFIER-FROM-THE-ERP',
      attributes: {
        marketing: { longDescriptionForTheWebshop: long.repeat(2), colourNames: long },
      },
    });
    expect(sent.body).toMatchObject({ status: 'success' });
    tab = await openTab(browser, p.api.baseUrl, { token: p.token });
    const { page } = tab;
    await page.goto(`/console/#/funnels/${url}/edit`);
    const table = page.getByRole('table', { name: 'Paths of the sample and their mapping' });
    await table.locator('td[data-label="Recently sent"] code').first().waitFor();
    // How far the page scrolls sideways, and how far the table reaches past its fieldset.
    const overflow = await page.evaluate<{ page: number; table: number }>(`({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table:
        document.querySelector('table.paths').getBoundingClientRect().right -
        document.querySelector('table.paths').closest('fieldset').getBoundingClientRect().right,
    })`);
    await tab.screenshot('funnel-editor-wide');
    expect(overflow.page).toBeLessThanOrEqual(0);
    expect(overflow.table).toBeLessThanOrEqual(0);
    expect(tab.problems).toEqual([]);
  });

  it('when a save has several problems, then all are shown at once in plain words, and an earlier Saved is gone', async () => {
    const url = p.fresh('errors');
    const page = await newFunnel('Errors', url, { sku: 'A-1', title: 'Shoe' });
    await page.getByRole('button', { name: 'Create funnel' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved funnel Errors.' }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill(' ');
    await page.getByLabel('Endpoint URL').fill('Not A URL');
    await page.getByRole('button', { name: 'Add a transform step for sku' }).click();
    await page.getByLabel('Step 1 for sku', { exact: true }).selectOption('default');
    await page.getByLabel('Default value of step 1 for sku').fill('X');
    page.once('dialog', (dialog) => void dialog.accept()); // the new endpoint URL
    await page.getByRole('button', { name: 'Save changes' }).click();

    const summary = page.getByRole('alert').filter({ hasText: '3 problems to fix' });
    await summary.waitFor();
    expect(await summary.locator('li').allTextContents()).toEqual([
      'Name is required',
      'Endpoint URL must be lowercase letters, digits and dashes, up to 63 characters, ' +
        'starting with a letter or digit',
      'Mapping of sku, step 1: the identifier mapping cannot have a default',
    ]);
    const nameField = page.getByLabel('Name', { exact: true });
    const nameError = page.locator(`#${await nameField.getAttribute('id')}-error`);
    expect(await nameError.textContent()).toBe('Name is required');
    expect(await page.locator('tr .field-error:not([hidden])').textContent()).toMatch(
      /identifier mapping cannot have a default/,
    );
    expect(await page.getByRole('status').filter({ hasText: 'Saved funnel' }).count()).toBe(0);
    for (const message of await page.locator('.field-error:not([hidden])').allTextContents())
      expect(message).not.toMatch(VALIDATOR_WORDS);
    await tab.screenshot('funnel-editor-all-errors');
    expect(unexpected(tab.problems, 422)).toEqual([]);
  });
});

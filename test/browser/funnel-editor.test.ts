/**
 * The funnel editor in a real browser: a funnel built from its sample payload (paths as a tree
 * with types and suggested targets, best first), saved with the server's 422 errors shown at the
 * field or path they name, then edited; names and payloads with markup are shown as text only.
 */
import { unexpected, type ConsoleTab } from './support/console-browser';
import { consoleBed } from './support/console-bed';

const MARKUP_NAME = '<b>Shoes</b><img src=x onerror="window.hacked=1">';
const SAMPLE = {
  sku: ' a-1 ',
  title: '<script>window.hacked=2</script>',
  attrs: { colour: 'red', price: '12.5' },
  images: [{ url: 'https://example.test/a.png' }],
};

interface StoredFunnel {
  name: string;
  requestData: unknown;
  mappings: Record<string, unknown>[];
  active: boolean;
}

describe('the console: the funnel editor', () => {
  const bed = consoleBed('console-funnel-editor');
  let owner: string;
  let tab: ConsoleTab;

  const stored = async (url: string) =>
    (await bed.api.call<StoredFunnel>('GET', `/api/v1/settings/funnels/${url}`, { token: owner }))
      .body;

  beforeAll(async () => {
    ({ token: owner } = await bed.api.bootstrap('acme'));
    const put = await bed.api.call('PUT', '/api/v1/settings/content-types/products', {
      token: owner,
      body: {
        name: 'Products',
        kind: 'product',
        properties: [
          { key: 'color', label: 'Color', type: 'text' },
          { key: 'price', label: 'Price', type: 'number' },
        ],
      },
    });
    expect(put.status).toBe(201);
  });
  beforeEach(async () => {
    tab = await bed.open({ token: owner });
  });

  const row = (path: string) =>
    tab.page
      .getByRole('table', { name: 'Paths of the sample and their mapping' })
      .getByRole('row', {
        name: new RegExp(`^${path.replace('.', '\\.')} `),
      });

  it('when a funnel is built from a pasted sample and saved, then it is stored, with errors first shown at their field and markup shown as text', async () => {
    const { page } = tab;
    await page.goto('/console/#/');
    await page.getByRole('link', { name: 'New funnel' }).click();
    await page.getByRole('heading', { level: 1, name: 'New funnel' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(MARKUP_NAME);
    await page.getByLabel('Endpoint URL').fill('Not A URL');
    await page.getByLabel('Content type').selectOption('products');
    await page.getByLabel('Sample payload (request data, JSON)').fill(JSON.stringify(SAMPLE));
    await page.getByRole('button', { name: 'Show paths' }).click();

    // The tree: every path in the sample's order with its type, suggestions best first.
    const table = page.getByRole('table', { name: 'Paths of the sample and their mapping' });
    await table.waitFor();
    const paths = await table.locator('tbody th').allTextContents();
    expect(paths).toEqual([
      'sku',
      'title',
      'attrs',
      'attrs.colour',
      'attrs.price',
      'images',
      'images.url',
    ]);
    const types = await table.locator('tbody td[data-label="Type"]').allTextContents();
    expect(types).toEqual(['string', 'string', 'object', 'string', 'string', 'array', 'string']);
    const suggested = (path: string) =>
      page
        .getByLabel(`Target for ${path}`)
        .locator('optgroup[label="Suggested, best first"] option')
        .allTextContents();
    expect((await suggested('sku'))[0]).toMatch(/^Product Identifier \(\d+%\)$/);
    expect((await suggested('attrs.colour'))[0]).toMatch(/^Color /);
    expect((await suggested('title'))[0]).toMatch(/^Product Name /);

    await page.getByLabel('Target for sku').selectOption('system:identifier');
    await page.getByLabel('Lazy for sku').check();
    await page.getByRole('button', { name: 'Add a transform step for sku' }).click();
    await page.getByLabel('Step 1 for sku', { exact: true }).selectOption('trim');
    await page.getByRole('button', { name: 'Add a transform step for sku' }).click();
    // A default on the identifier is refused by the server, at that step.
    await page.getByLabel('Step 2 for sku', { exact: true }).selectOption('default');
    await page.getByLabel('Default value of step 2 for sku').fill('X');
    await page.getByLabel('Target for title').selectOption('system:name');
    await page.getByLabel('Target for attrs.colour').selectOption('property:color');
    await page.getByLabel('Optional for attrs.colour').check();
    await page.getByLabel('Target for attrs.price').selectOption('property:price');
    await page.getByRole('button', { name: 'Add a transform step for attrs.price' }).click();
    await page.getByLabel('Step 1 for attrs.price', { exact: true }).selectOption('number');
    expect(await page.getByLabel('Lazy for title').isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Create funnel' }).click();
    const urlField = page.getByLabel('Endpoint URL');
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await urlField.getAttribute('aria-invalid')).toBe('true');
    const urlError = page.locator(`#${await urlField.getAttribute('id')}-error`);
    expect(await urlError.textContent()).not.toBe('');
    await tab.screenshot('funnel-editor-errors');

    await urlField.fill('shoes');
    await page.getByRole('button', { name: 'Create funnel' }).click();
    // The server names mappings.0.transforms.1: shown in the sku row.
    const skuError = row('sku').locator('.field-error');
    await skuError.waitFor();
    expect(await skuError.textContent()).toMatch(/identifier/i);
    expect(await page.getByLabel('Target for sku').getAttribute('aria-invalid')).toBe('true');

    await page.getByRole('button', { name: 'Remove step 2 for sku' }).click();
    await page.getByRole('button', { name: 'Create funnel' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved funnel' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Edit funnel shoes');

    const funnel = await stored('shoes');
    expect(funnel.name).toBe(MARKUP_NAME);
    expect(funnel.requestData).toEqual(SAMPLE);
    expect(funnel.mappings).toEqual([
      {
        source: 'sku',
        target: { system: 'identifier' },
        optional: false,
        lazy: true,
        transforms: [{ op: 'trim' }],
      },
      { source: 'title', target: { system: 'name' }, optional: false, lazy: false },
      { source: 'attrs.colour', target: { property: 'color' }, optional: true, lazy: false },
      {
        source: 'attrs.price',
        target: { property: 'price' },
        optional: false,
        lazy: false,
        transforms: [{ op: 'number' }],
      },
    ]);

    // Markup from the API is text: the name and the payload are shown as typed, nothing ran.
    expect(await page.getByRole('status').textContent()).toBe(`Saved funnel ${MARKUP_NAME}.`);
    expect(await page.locator('main b, main img, main script').count()).toBe(0);
    expect(await page.evaluate('window.hacked')).toBeUndefined();
    await page.getByRole('link', { name: 'Funnels' }).first().click();
    await page.getByRole('link', { name: `Edit ${MARKUP_NAME}` }).waitFor();
    expect(await page.locator('main b, main img, main script').count()).toBe(0);
    await tab.screenshot('funnels-with-edit');
    expect(unexpected(tab.problems, 422)).toEqual([]);
  });

  it('when an existing funnel is edited, then its fields and mappings are loaded and the change is saved with PUT', async () => {
    const made = await bed.api.call('POST', '/api/v1/settings/funnels', {
      token: owner,
      body: {
        contentType: 'products',
        name: 'Boots',
        endpointUrl: 'boots',
        requestData: { code: 'B-1', name: 'Boot', legacy: 1 },
        mappings: [
          { source: 'code', target: { system: 'identifier' } },
          { source: 'gone.path', target: { property: 'color' }, optional: true },
        ],
      },
    });
    expect(made.status).toBe(201);
    const { page } = tab;
    await page.goto('/console/#/funnels/boots/edit');
    await page.getByRole('heading', { level: 1, name: 'Edit funnel boots' }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Boots');
    await row('gone.path').waitFor();
    expect(await page.getByLabel('Target for code').inputValue()).toBe('system:identifier');
    expect(await row('gone.path').locator('td[data-label="Type"]').textContent()).toBe(
      'not in the sample',
    );
    expect(await page.getByLabel('Target for gone.path').inputValue()).toBe('property:color');
    await tab.screenshot('funnel-editor');

    await page.getByLabel('Target for name').selectOption('system:name');
    await page.getByLabel('Target for gone.path').selectOption('');
    await page.getByLabel('Active: accepts requests').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved funnel Boots.' }).waitFor();
    const funnel = await stored('boots');
    expect(funnel.active).toBe(false);
    expect(funnel.mappings.map((m) => m.source)).toEqual(['code', 'name']);
    expect(tab.problems).toEqual([]);
  });
});

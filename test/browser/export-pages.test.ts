/**
 * The console's export pages in a real browser, against an API and a worker whose exports may
 * reach loopback: create (the API's errors at their fields, the target refusal at the URL, the
 * secret shown once), the list with states and the disabled reason, the delivery log with its
 * attempts, retry, test ping, rotation, resync, replay, pause; a weaker token shown what it may
 * not do. An export name and a receiver's answer with markup are shown as text only.
 */
import type { Browser } from 'playwright-core';
import {
  change,
  createContentType,
  createExport,
  startExportFixture,
  until,
  type ExportFixture,
} from '../integration/export/support/export-fixture';
import { startReceiver, type LoopbackReceiver, type Respond } from '../support/loopback-receiver';
import { launchChromium, openTab, unexpected, type ConsoleTab } from './support/console-browser';
import { tokenWith } from './support/tokens';

const MARKUP_NAME = '<b>Shop</b><img src=x onerror="window.hacked=1">';
const MARKUP_ANSWER = '<b>down</b><img src=x onerror="window.hacked=2">';

interface Delivery {
  id: string;
  status: string;
  attempts: { status: number | null }[];
}

describe('the console: exports', () => {
  let fx: ExportFixture;
  let browser: Browser;
  let owner: string;
  let tab: ConsoleTab | undefined;
  const receivers: LoopbackReceiver[] = [];

  const api = <T>(method: string, path: string, body?: unknown) =>
    fx.api.call<T>(method, `/api/v1/settings/exports${path}`, { token: owner, body });

  async function receiver(respond: Respond) {
    const started = await startReceiver(respond);
    receivers.push(started);
    return started;
  }

  beforeAll(async () => {
    browser = await launchChromium(); // first: without a browser, nothing else is started
    // Retries wait ten minutes: only the console's Retry brings one forward within a test.
    fx = await startExportFixture('console-exports', { EXPORT_RETRY_DELAYS_MS: '600000' });
    ({ token: owner } = await fx.api.bootstrap('acme'));
    await createContentType(fx.api, owner, 'products');
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(receivers.map((r) => r.close()));
    await fx?.close();
  });
  afterEach(async () => {
    await tab?.close();
    tab = undefined;
  });

  it('when an export is created, then the API errors show at their fields, a refused URL says why, and the secret is shown once', async () => {
    const target = await receiver((_request, response) => response.writeHead(204).end());
    tab = await openTab(browser, fx.api.baseUrl, { token: owner });
    const { page } = tab;
    await tab.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/console/#/exports');
    await page.getByText('This tenant has no exports yet.').waitFor();
    // By keyboard: the link, then the form sent with Enter in a field.
    await page.getByRole('link', { name: 'New export' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Create an export' });
    await form.getByLabel('Name').fill(MARKUP_NAME);
    await form.getByLabel('Receiver URL').fill(`${target.origin}/hooks`);
    await form.getByLabel('Batch size').fill('500');
    await form.getByRole('button', { name: 'Create export' }).click();
    // The 422 names batchSize and contentTypes: each is shown at its own field.
    const batch = form.getByLabel('Batch size');
    await form.locator('[aria-invalid="true"]').first().waitFor();
    expect(await batch.getAttribute('aria-invalid')).toBe('true');
    expect(
      await form.getByRole('group', { name: 'Content types' }).getAttribute('aria-invalid'),
    ).toBe('true');

    await batch.fill('10');
    await form.getByLabel('products (products)').check();
    const url = form.getByLabel('Receiver URL');
    await url.fill('http://10.20.30.40/hooks');
    await form.getByRole('button', { name: 'Create export' }).click();
    await form.getByText('This URL is refused:').waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await batch.getAttribute('aria-invalid')).toBeNull();
    await tab.screenshot('export-editor-errors');

    await url.fill(`${target.origin}/hooks`);
    await form.getByLabel('deleted').uncheck();
    await url.press('Enter');
    const shown = page.getByLabel('The signing secret');
    await shown.waitFor();
    const secret = await shown.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByText('it is shown this once and will not be shown again').waitFor();
    await page.getByRole('button', { name: 'Copy secret' }).focus();
    await page.keyboard.press('Space');
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    await tab.screenshot('export-created');

    const listed = await api<{ items: { name: string; url: string; events: string[] }[] }>(
      'GET',
      '',
    );
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        name: MARKUP_NAME,
        url: `${target.origin}/hooks`,
        events: ['created', 'updated'],
      }),
    ]);
    await page.getByRole('link', { name: 'Open the export' }).click();
    await page.getByRole('heading', { level: 1, name: MARKUP_NAME }).waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await page.locator('main b, main img').count()).toBe(0);
    expect(await page.evaluate('window.hacked')).toBeUndefined();

    await page.getByRole('link', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit the export' });
    expect(await edit.getByLabel('Name').inputValue()).toBe(MARKUP_NAME);
    expect(await edit.getByLabel('deleted').isChecked()).toBe(false);
    await edit.getByLabel('Batch size').fill('20');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const edited = await api<{ items: { batchSize: number; name: string }[] }>('GET', '');
    expect(edited.body.items[0]).toMatchObject({ name: MARKUP_NAME, batchSize: 20 });
    expect(await page.locator('main b, main img').count()).toBe(0);
    expect(unexpected(tab.problems, 422)).toEqual([]);
  });

  it('when a receiver fails, then the log shows the attempt with its answer as text, and retry, ping, rotate, resync, replay and pause work', async () => {
    let respond: Respond = (_request, response) => response.writeHead(500).end(MARKUP_ANSWER);
    const target = await receiver((request, response) => respond(request, response));
    const exp = await createExport(fx.api, owner, { name: 'warehouse', url: target.origin });
    const gone = await receiver((_request, response) => response.writeHead(410).end('gone'));
    await createExport(fx.api, owner, { name: 'old system', url: gone.origin });
    await fx.write('acme', [change('A-1', 1)]);
    await until(async () => {
      const { body } = await api<{ items: Delivery[] }>(
        'GET',
        `/${exp.id}/deliveries?status=failed`,
      );
      return body.items.length === 1;
    }, 'a failed delivery');
    await until(async () => {
      const { body } = await api<{ items: { name: string; state: string }[] }>('GET', '');
      return body.items.some((e) => e.name === 'old system' && e.state === 'disabled');
    }, 'the export answered 410 disabled');

    tab = await openTab(browser, fx.api.baseUrl, { token: owner });
    const { page } = tab;
    await page.goto('/console/#/exports');
    const table = page.getByRole('table', { name: '3 exports' });
    await table.waitFor();
    const oldRow = table.getByRole('row').filter({ hasText: 'old system' });
    expect(await oldRow.textContent()).toContain('disabled');
    expect(await oldRow.getByRole('button', { name: 'Resume old system' }).isEnabled()).toBe(true);
    const warehouseRow = table.getByRole('row').filter({ hasText: 'warehouse' });
    expect(await warehouseRow.textContent()).toContain('1 delivery waiting');
    await tab.screenshot('exports');

    await warehouseRow.getByRole('link', { name: 'warehouse' }).click();
    await page.getByRole('heading', { level: 1, name: 'warehouse' }).waitFor();
    await page.getByLabel('Show deliveries').selectOption('failed');
    const log = page.getByRole('table', { name: 'Deliveries: failed, newest first' });
    await log.waitFor();
    expect(page.url()).toContain('?status=failed');
    const attempt = log.locator('ol.attempts li').first();
    expect(await attempt.textContent()).toContain('HTTP 500');
    expect(await attempt.locator('pre').textContent()).toBe(MARKUP_ANSWER);
    expect(await page.locator('main b, main img').count()).toBe(0);
    expect(await page.evaluate('window.hacked')).toBeUndefined();
    await tab.screenshot('export-deliveries');

    respond = (_request, response) => response.writeHead(200).end('thanks');
    expect(await log.getByRole('button', { name: /^Retry delivery/ }).isEnabled()).toBe(true);
    // After an outage, every failed delivery since a time is sent again at once.
    const hourAgo = await page.evaluate(
      'new Date(Date.now() - 3600e3 - new Date().getTimezoneOffset() * 60e3).toISOString().slice(0, 19)',
    );
    await page.getByLabel('Retry every failed delivery since').fill(String(hourAgo));
    await page.getByRole('button', { name: 'Retry them' }).click();
    await page.getByText(/^1 failed delivery since .+ queued to send now\.$/).waitFor();
    await until(async () => {
      const { body } = await api<{ items: Delivery[] }>(
        'GET',
        `/${exp.id}/deliveries?status=succeeded`,
      );
      return body.items.length === 1;
    }, 'the retried delivery succeeded');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('No failed deliveries.').waitFor();
    await page.getByText('Nothing waiting').waitFor();

    await page.getByRole('button', { name: 'Send a test ping' }).click();
    await page.getByText('The receiver accepted the ping: HTTP 200').waitFor();
    const ping = target.received.at(-1)!;
    expect(JSON.parse(ping.body)).toMatchObject({ type: 'ping', exportId: exp.id });

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    const rotated = await page.getByLabel('The signing secret').inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(exp.secret);
    await page.getByText('Previous secret signs until').waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Resync every item' }).click();
    await page.getByText(/^Resync done: /).waitFor();

    await page.getByLabel('Or from a change, by its number in the change log').fill('1');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByText('Replay started.').waitFor();
    await until(
      () => target.received.filter((r) => r.body.includes('"A-1"')).length >= 2,
      'the replayed change',
    );
    await page.getByText(/^Replay done: /).waitFor();
    await tab.screenshot('export');

    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByText('warehouse is paused.').waitFor();
    const stored = await api<{ state: string }>('GET', `/${exp.id}`);
    expect(stored.body.state).toBe('paused');
    const resyncButton = page.getByRole('button', { name: 'Resync every item' });
    expect(await resyncButton.isDisabled()).toBe(true);
    await page.getByText('The export is paused: resume it first.').first().waitFor();
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await page.getByText('warehouse is active.').waitFor();
    expect(tab.problems).toEqual([]);
  });

  it('when signed in with a weaker token, then each action it may not take is disabled with the reason', async () => {
    const target = await receiver((_request, response) => response.writeHead(204).end());
    const exp = await createExport(fx.api, owner, { name: 'reader view', url: target.origin });
    const reader = await tokenWith(fx.api, owner, 'reader', {
      permissions: ['manage_settings'],
      abilities: ['read'],
    });
    tab = await openTab(browser, fx.api.baseUrl, { token: reader.token });
    const { page } = tab;
    await page.goto('/console/#/exports');
    const create = page.getByRole('button', { name: 'New export' });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    await page.getByText('Not allowed: this token lacks the "create" ability.').first().waitFor();
    expect(await page.getByRole('button', { name: 'Pause reader view' }).isDisabled()).toBe(true);
    await page.goto(`/console/#/exports/${exp.id}`);
    await page.getByRole('heading', { level: 1, name: 'reader view' }).waitFor();
    for (const name of [
      'Edit',
      'Pause',
      'Delete',
      'Send a test ping',
      'Rotate the secret',
      'Resync every item',
      'Replay',
    ]) {
      const button = page.getByRole('button', { name, exact: true });
      expect([name, await button.isDisabled()]).toEqual([name, true]);
    }
    await page.getByText('Not allowed: this token lacks the "update" ability.').first().waitFor();
    await tab.screenshot('export-weaker');
    await tab.close();

    const outsider = await tokenWith(fx.api, owner, 'outsider', {
      permissions: ['manage_funnels'],
      abilities: ['read', 'create', 'update', 'delete'],
    });
    tab = await openTab(browser, fx.api.baseUrl, { token: outsider.token });
    await tab.page.goto('/console/#/exports');
    await tab.page
      .getByText(
        'You cannot see the exports. Not allowed: your user lacks the "manage_settings" permission.',
      )
      .waitFor();
    expect(tab.problems).toEqual([]);
  });
  it('when deliveries pile up while the page is open, then Refresh shows them, and after Retry the page follows the delivery', async () => {
    let respond: Respond = (_request, response) => response.writeHead(503).end('down');
    const target = await receiver((request, response) => respond(request, response));
    const exp = await createExport(fx.api, owner, { name: 'outage', url: target.origin });
    tab = await openTab(browser, fx.api.baseUrl, { token: owner, httpCache: true });
    const { page } = tab;
    await page.goto(`/console/#/exports/${exp.id}`);
    await page.getByRole('heading', { level: 1, name: 'outage' }).waitFor();
    await page.getByText('Nothing waiting').waitFor();

    await fx.write('acme', [change('B-1', 1)]);
    await until(async () => {
      const { body } = await api<{ items: Delivery[] }>('GET', `/${exp.id}/deliveries`);
      return body.items[0]?.status === 'failed';
    }, 'a failed delivery that waits');
    // The browser asks again with the ETag it has: the export's deliveries changed its answer.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('1 delivery waiting').waitFor();

    respond = (_request, response) => response.writeHead(200).end('thanks');
    await page.getByRole('button', { name: /^Retry delivery/ }).click();
    await page.getByText(/is queued to send now/).waitFor();
    // The page follows the delivery by itself until nothing waits.
    await page.getByText('Nothing waiting').waitFor();
    const log = page.getByRole('table', { name: 'Deliveries, newest first' });
    await log.locator('.delivery-succeeded').waitFor();
    expect(tab.problems).toEqual([]);
  });
});

/**
 * The history page's "Re-drive failed requests" in a real browser, on an API and a worker with
 * real engines: after the mapping is fixed, the failed requests since a time are sent again as
 * one re-drive, its progress is followed until it has finished, and its link opens the history
 * of the requests it sent.
 */
import { startTestWorker, type TestWorker } from '../support/worker-harness';
import { consoleBed } from './support/console-bed';
import { unexpected } from './support/console-browser';
import { makeShop, sendToShop, shopMappings } from './support/shop-funnel';

describe('the console: re-drive failed requests', () => {
  const bed = consoleBed('console-redrive');
  let worker: TestWorker;
  let owner: string;
  let firstFailure = '';

  beforeAll(async () => {
    worker = await startTestWorker(bed.api.env);
    ({ token: owner } = await bed.api.bootstrap('acme'));
    await makeShop(bed.api, owner);
    for (const sku of ['R-1', 'R-2']) {
      const sent = await sendToShop(bed.api, owner, 'POST', [{ sku, title: sku, cost: 3 }]);
      expect(sent.status).toBe(422);
    }
    const failed = await bed.api.context.db.history
      .find({ status: 'error' })
      .sort({ sequence: 1 })
      .toArray();
    firstFailure = failed[0]?.receivedAt.toISOString() ?? '';
    const fixed = await bed.api.call('PATCH', '/api/v1/settings/funnels/shop', {
      token: owner,
      body: { mappings: shopMappings('cost') },
    });
    expect(fixed.status).toBe(200);
  });
  afterAll(() => worker?.stop());

  it('when failed requests since a time are re-driven, then the progress reaches finished and its link lists the requests it sent', async () => {
    const tab = await bed.open({ token: owner });
    const { page } = tab;
    await page.goto('/console/#/funnels/shop');
    const since = page.getByLabel('Re-drive the failed requests received since');
    await since.waitFor();
    // A second before the first failure, as the browser's zone writes it.
    const local = await page.evaluate((iso) => {
      const at = new Date(new Date(iso).getTime() - 1_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return (
        `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
        `T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
      );
    }, firstFailure);
    await since.fill(local);
    await page.getByRole('button', { name: 'Re-drive failed requests' }).click();

    const progress = page.locator('.redrive-progress[data-state="finished"]');
    await progress.waitFor({ timeout: 30_000 });
    expect(await progress.textContent()).toMatch(
      /2 of 2 failed requests sent: 2 succeeded, 0 partly, 0 failed/,
    );
    await tab.screenshot('history-redrive');
    expect(await bed.api.context.db.items.countDocuments({})).toBe(2);

    await progress.getByRole('link', { name: 'Open the re-driven requests' }).click();
    await page.waitForURL(/#\/funnels\/shop\?redriveId=[a-f0-9]{32}$/);
    const table = page.getByRole('table', { name: 'Requests, newest first' });
    await table.locator('tbody tr').first().waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    expect(await page.getByLabel('Re-drive id').inputValue()).toMatch(/^[a-f0-9]{32}$/);
    expect(unexpected(tab.problems)).toEqual([]);
  });

  it('when no time is given, then the page says so and nothing is asked of the API', async () => {
    const tab = await bed.open({ token: owner });
    const { page } = tab;
    await page.goto('/console/#/funnels/shop');
    await page.getByRole('button', { name: 'Re-drive failed requests' }).click();
    await page.getByText('Give the time the failures started.').waitFor();
    expect(unexpected(tab.problems)).toEqual([]);
  });
});

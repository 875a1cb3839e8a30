/**
 * The request page's "Download rejected rows (N)" in a real browser, signed in with a token (which
 * a plain link would not carry): the file is the API's NDJSON of the failed items as sent, named
 * after the record; a request without failed items offers no download.
 */
import { readFile } from 'node:fs/promises';
import { startTestWorker, type TestWorker } from '../support/worker-harness';
import { consoleBed } from './support/console-bed';
import { makeShop, sendToShop } from './support/shop-funnel';

describe('the console: rejected rows of a request', () => {
  const bed = consoleBed('console-rejected-rows');
  let worker: TestWorker;
  let owner: string;
  const ids = { failed: '', success: '' };

  const send = (body: unknown) => sendToShop(bed.api, owner, 'POST', body);

  beforeAll(async () => {
    worker = await startTestWorker(bed.api.env);
    ({ token: owner } = await bed.api.bootstrap('acme'));
    await makeShop(bed.api, owner, { partialValidation: true });
    const failed = await send([
      { sku: 'A-1', title: 'Shoe', price: 'cheap' },
      { sku: 'A-2', title: 'Boot', price: 2 },
      { title: 'No sku', price: 3 },
    ]);
    const success = await send([{ sku: 'B-1', title: 'Hat', price: 1 }]);
    expect([failed.status, success.status]).toEqual([200, 200]);
    Object.assign(ids, { failed: failed.id, success: success.id });
  });
  afterAll(() => worker?.stop());

  it('when a request has failed items, then its page downloads them as sent, with their errors, as NDJSON', async () => {
    const tab = await bed.open({ token: owner });
    const { page } = tab;
    await page.goto(`/console/#/funnels/shop/requests/${ids.failed}`);
    const button = page.getByRole('button', { name: 'Download rejected rows (2)' });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);

    const record = await bed.api.call<{ recordId: string }>(
      'GET',
      `/api/v1/funnels/shop/history/${ids.failed}`,
      { token: owner },
    );
    expect(download.suggestedFilename()).toBe(`${record.body.recordId}-rejected.ndjson`);
    const text = await readFile(await download.path(), 'utf8');
    const rows = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows).toEqual([
      {
        sku: 'A-1',
        title: 'Shoe',
        price: 'cheap',
        _rejected: { key: 'A-1', position: 0, errors: { Price: expect.any(String) as string } },
      },
      {
        title: 'No sku',
        price: 3,
        _rejected: { key: '[2]', position: 2, errors: expect.any(Object) as object },
      },
    ]);
    await tab.screenshot('request-rejected-rows');
    expect(tab.problems).toEqual([]);
  });

  it('when no item of a request failed, then its page offers no download', async () => {
    const tab = await bed.open({ token: owner });
    const { page } = tab;
    await page.goto(`/console/#/funnels/shop/requests/${ids.success}`);
    await page.getByRole('heading', { name: 'Errors' }).waitFor();
    expect(await page.getByRole('button', { name: /Download rejected rows/ }).count()).toBe(0);
    expect(tab.problems).toEqual([]);
  });
});

/**
 * `funnel-sync push` of a 100,000-row NDJSON file with its defaults, against the real service:
 * it cuts the file into requests under the service's limits, and every row ends up stored.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { startPushFixture, targetOf, type PushFixture } from './push-fixture';

const ROWS = 100_000;

async function writeNdjson(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  for (let i = 1; i <= rows; i += 1) {
    const line = `${JSON.stringify({ sku: `N-${i}`, title: `Item ${i}`, color: 'red' })}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

describe('push: a large NDJSON file', () => {
  let f: PushFixture;

  beforeAll(async () => {
    // The CLI, the API and the worker share this process, and the file's requests take turns on
    // one content type: on a busy machine a request may wait longer than the default answer
    // time, which is not what this test is about.
    f = await startPushFixture('push-large', { WAIT_TIMEOUT_MS: '120000' });
  });
  afterAll(() => f.close());

  it('when 100,000 rows are pushed with the defaults, then it exits 0, every item is stored, and the history shows the requests', async () => {
    const { url, contentType } = await f.p.scenario({
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
        { source: 'color', target: { property: 'color' } },
      ],
    });
    const file = f.file('products.ndjson');
    await writeNdjson(file, ROWS);

    const run = await f.push(file, targetOf(f.p, url));

    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain(`imported: ${ROWS}, failed: 0`);
    expect(await f.countItems(contentType)).toBe(ROWS);
    const { MAX_ITEMS: maxItems } = f.p.api.context.config;
    const history = await f.historyOf(url);
    expect(history.length).toBeGreaterThanOrEqual(Math.ceil(ROWS / maxItems));
    expect(history.every((entry) => entry.method === 'POST' && entry.status === 'success')).toBe(
      true,
    );
    expect(history.reduce((sum, entry) => sum + entry.itemCount, 0)).toBe(ROWS);
    expect(f.p.serverErrors()).toEqual([]);
  }, 150_000);
});

/**
 * `funnel-sync push` against a service that refuses for a while: a proxy in front of the API
 * answers its first funnel requests 429 and 503 with Retry-After, then forwards. The push waits
 * as told, sends the same requests again, completes, and counts the retries in its summary.
 */
import { writeFile } from 'node:fs/promises';
import { startFrontProxy, type Decision, type FrontProxy } from './front-proxy';
import { startPushFixture, targetOf, type PushFixture } from './push-fixture';

const REFUSALS: Decision[] = [
  { kind: 'refuse', status: 429, retryAfterSeconds: 1 },
  { kind: 'refuse', status: 503, retryAfterSeconds: 1 },
  { kind: 'refuse', status: 429, retryAfterSeconds: 0 },
  { kind: 'refuse', status: 503, retryAfterSeconds: 0 },
];

describe('push: a service that asks it to wait', () => {
  let f: PushFixture;
  let proxy: FrontProxy;

  beforeAll(async () => {
    f = await startPushFixture('push-retries');
    proxy = await startFrontProxy(
      f.p.api.baseUrl,
      (index) => REFUSALS[index] ?? { kind: 'forward' },
    );
  });
  afterAll(async () => {
    await proxy.close();
    await f.close();
  });

  it('when the first funnel requests are answered 429 and 503, then the push completes and its summary counts the retries', async () => {
    const { url, contentType } = await f.p.scenario();
    const rows = Array.from({ length: 50 }, (_, i) => ({ sku: `R-${i}`, title: `Item ${i}` }));
    const file = f.file('rows.ndjson');
    await writeFile(file, rows.map((row) => JSON.stringify(row)).join('\n') + '\n');

    const run = await f.push(file, targetOf(f.p, url, proxy.url));

    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain(`retries: ${REFUSALS.length}`);
    expect(await f.countItems(contentType)).toBe(rows.length);
    const refused = proxy.funnelRequests.filter((request) => request.decision === 'refuse');
    expect(refused).toHaveLength(REFUSALS.length);
    // The refused requests never reached the service: the one it took is recorded once.
    const history = await f.historyOf(url);
    expect(history.map((entry) => [entry.status, entry.itemCount])).toEqual([['success', 50]]);
  });
});

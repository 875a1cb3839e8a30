/**
 * `funnel-sync push --resume` after a run was killed in the middle. The kill comes at the worst
 * moment: the service has done a request whose answer the push never got (a proxy in front of
 * the API keeps it). The resumed run must send that request again under the same
 * Idempotency-Key, so that the service replays it: no item is written twice, and every batch
 * of the file is recorded in the history once.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { waitUntil } from '../../support/wait-until';
import { startFrontProxy, type FrontProxy } from './front-proxy';
import { startPushFixture, targetOf, type PushFixture } from './push-fixture';

// Small requests, so that a small file makes many of them.
const MAX_ITEMS = 50;
const ROWS = 1_000;
/** Funnel requests the proxy answers before it starts keeping the answers. */
const ANSWERED = 5;

describe('push: a run killed in the middle, resumed', () => {
  let f: PushFixture;
  let proxy: FrontProxy;

  beforeAll(async () => {
    f = await startPushFixture('push-resume', { MAX_ITEMS: String(MAX_ITEMS) });
    proxy = await startFrontProxy(f.p.api.baseUrl, (index) =>
      index < ANSWERED ? { kind: 'forward' } : { kind: 'swallow' },
    );
  });
  afterAll(async () => {
    await proxy.close();
    await f.close();
  });

  it('when a killed run is resumed, then every row is stored once, at version 1, and each batch has one history record', async () => {
    const { url, contentType } = await f.p.scenario();
    const skus = Array.from({ length: ROWS }, (_, i) => `K-${i + 1}`);
    const file = f.file('catalogue.ndjson');
    await writeFile(file, skus.map((sku) => JSON.stringify({ sku, title: sku })).join('\n') + '\n');

    const first = f.spawnPush(file, targetOf(f.p, url, proxy.url));
    // The push has recorded the answers it got, and the service has done at least one request
    // whose answer the push is still waiting for.
    await waitUntil(
      async () => ({
        recorded: await confirmedBatches(`${file}.push-checkpoint.json`),
        unheard: proxy.answeredByApi() - ANSWERED,
      }),
      ({ recorded, unheard }) =>
        (recorded >= ANSWERED && unheard > 0) || first.child.exitCode !== null,
      { what: 'the service to finish a request the push never hears of', timeoutMs: 60_000 },
    );
    expect(first.child.exitCode).toBeNull();
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await f.countItems(contentType)).toBeLessThan(ROWS);

    const resumed = await f.push(file, targetOf(f.p, url), '--resume', '--json');

    expect(resumed).toMatchObject({ code: 0 });
    const events = resumed.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const summary = events.find((event) => event.event === 'summary');
    expect(summary).toMatchObject({ imported: ROWS, failed: 0 });
    expect(summary?.skippedBatches).toBe(ANSWERED);
    // The request done unheard was sent again and replayed by the service, not run again.
    const replayed = events.filter((event) => event.event === 'batch-done' && event.replayed);
    expect(replayed.length).toBeGreaterThanOrEqual(1);
    const stored = await f.p.api.context.db.items
      .find({ tenant: 'acme', contentType }, { projection: { identifier: 1, version: 1 } })
      .toArray();
    expect(stored).toHaveLength(ROWS);
    expect(stored.filter((item) => item.version !== 1)).toEqual([]);

    const history = await f.historyOf(url);
    const written = history.filter((entry) => !entry.dryRun);
    expect(written.every((entry) => entry.status === 'success')).toBe(true);
    expect(written).toHaveLength(ROWS / MAX_ITEMS);
    const recorded = (
      await Promise.all(written.map((entry) => f.p.history(url, entry.recordId)))
    ).flatMap((record) => skusOf(record.payload));
    expect(recorded.sort()).toEqual([...skus].sort());
  });
});

/** The identifiers a recorded request sent: its payload is the batch's JSON array of rows. */
function skusOf(payload: unknown): string[] {
  return (payload as { sku: string }[]).map((row) => row.sku);
}

/** Batches the push's checkpoint says the service answered; 0 before it is written. */
async function confirmedBatches(checkpoint: string): Promise<number> {
  try {
    const { confirmed } = JSON.parse(await readFile(checkpoint, 'utf8')) as { confirmed: object };
    return Object.keys(confirmed).length;
  } catch {
    return 0;
  }
}

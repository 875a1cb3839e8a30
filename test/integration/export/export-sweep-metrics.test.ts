/**
 * The export's periodic sweep makes the jobs that Redis lost again from MongoDB, and the
 * worker's /metrics shows deliveries by outcome, their latency and each export's lag.
 */
import { freePort } from '../../../scripts/local-engines';
import { startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import {
  change,
  createContentType,
  createExport,
  startExportFixture,
  until,
  type ExportFixture,
} from './support/export-fixture';

describe('export sweep and metrics', () => {
  let fx: ExportFixture;
  let owner: string;
  let port: number;
  const receivers: LoopbackReceiver[] = [];

  beforeAll(async () => {
    port = await freePort();
    fx = await startExportFixture('export-sweep', { WORKER_METRICS_PORT: String(port) });
    ({ token: owner } = await fx.api.bootstrap('acme'));
    await createContentType(fx.api, owner);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await fx.close();
  });

  const scrape = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();

  it('when a change was appended without a wake-up, then the sweep delivers it', async () => {
    const target = await startReceiver((_request, response) => response.writeHead(200).end());
    receivers.push(target);
    await createExport(fx.api, owner, { url: target.origin });
    // As if the dispatch job had been lost with Redis: only the log knows of the change.
    await fx.log.append('acme', [change('Q-1', 1)]);
    await until(() => target.received.length === 1, 'the sweep to deliver the change');
    await until(
      async () =>
        /funnel_sync_export_deliveries_total\{outcome="succeeded"\} [1-9]/.test(await scrape()),
      'the succeeded delivery counted',
    );
    const text = await scrape();
    expect(text).toMatch(/funnel_sync_export_delivery_seconds_count\{outcome="succeeded"\} [1-9]/);
    expect(text).toMatch(/funnel_sync_export_changes_delivered_total [1-9]/);
  });

  it('when a receiver keeps failing, then its export shows a lag and failed attempts', async () => {
    const target = await startReceiver((_request, response) => response.writeHead(500).end());
    receivers.push(target);
    const exp = await createExport(fx.api, owner, { url: target.origin });
    await fx.write('acme', [change('F-1', 1)]);
    await until(() => target.received.length >= 2, 'failed attempts');
    const lagLine = new RegExp(
      `funnel_sync_export_lag_seconds\\{export="acme/${exp.id}"\\} ([0-9.e+-]+)`,
    );
    await until(async () => Number(lagLine.exec(await scrape())?.[1] ?? 0) > 0, 'a lag above 0');
    expect(await scrape()).toMatch(/funnel_sync_export_deliveries_total\{outcome="failed"\} [1-9]/);
  });
});

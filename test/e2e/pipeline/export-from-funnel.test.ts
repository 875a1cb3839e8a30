/**
 * From a funnel request to a customer's receiver: items written, changed, left as they were and
 * deleted through the funnel arrive signed at the export's URL, each item at its latest version,
 * never an older after a newer; a request that changed nothing sends nothing.
 */
import { Webhook } from 'standardwebhooks';
import { ChangeLogStore } from '../../../core/changes/change-log-store';
import type { ChangeView } from '../../../core/changes/change-record';
import { startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import { waitUntil } from '../../support/wait-until';
import { createExport, EXPORT_TEST_ENV } from '../../integration/export/support/export-fixture';
import { startPipeline, type Pipeline } from './pipeline-fixture';

describe('the API export of what funnel requests change', () => {
  let p: Pipeline;
  let receiver: LoopbackReceiver;

  beforeAll(async () => {
    p = await startPipeline('export-from-funnel', EXPORT_TEST_ENV);
    receiver = await startReceiver((_request, response) => response.writeHead(204).end());
  });
  afterAll(async () => {
    await receiver.close();
    await p.close();
  });

  const delivered = (): ChangeView[] =>
    receiver.received.flatMap((r) => (JSON.parse(r.body) as { changes: ChangeView[] }).changes);
  const latest = (identifier: string) =>
    delivered()
      .filter((c) => c.identifier === identifier)
      .at(-1);
  const arrived = (what: string, check: () => boolean) =>
    waitUntil(check, (ok) => ok, { what, timeoutMs: 20_000 });

  it('when items are written, changed and deleted through a funnel, then the receiver gets each as it became, signed', async () => {
    const { url, contentType } = await p.scenario();
    const exp = await createExport(p.api, p.token, {
      url: `${receiver.origin}/hooks`,
      contentTypes: [contentType],
    });
    await p.post(url, [
      { sku: 'A', title: 'Shoe' },
      { sku: 'B', title: 'Boot' },
    ]);
    await arrived('A and B created', () => latest('A')?.version === 1 && latest('B') !== undefined);
    expect(latest('A')).toMatchObject({ event: 'created', contentType, item: { name: 'Shoe' } });

    await p.post(url, { sku: 'A', title: 'Sandal' });
    await p.remove(url, { identifiers: ['B'] });
    await arrived(
      'A changed, B deleted',
      () => latest('A')?.version === 2 && latest('B')?.event === 'deleted',
    );
    expect(latest('A')).toMatchObject({ event: 'updated', item: { name: 'Sandal' } });
    expect(latest('B')).toMatchObject({ version: 2, item: null });

    const webhook = new Webhook(exp.secret);
    for (const request of receiver.received) {
      expect(webhook.verify(request.body, request.headers as Record<string, string>)).toMatchObject(
        {
          type: 'items.changed',
          exportId: exp.id,
        },
      );
    }
    const seen = new Map<string, number>();
    for (const change of delivered()) {
      expect(change.version).toBeGreaterThanOrEqual(seen.get(change.identifier) ?? 0);
      seen.set(change.identifier, change.version);
    }

    // The same values again change nothing: no record, so nothing to deliver (the request is
    // answered after its records are written).
    const log = new ChangeLogStore(p.api.context.db, p.worker.composed.engine.changeBatches);
    const head = await log.head('acme');
    await p.post(url, { sku: 'A', title: 'Sandal' });
    expect(await log.head('acme')).toBe(head);
    await p.post(url, { sku: 'C', title: 'Clog' });
    await arrived('C created', () => latest('C') !== undefined);
    expect(
      delivered()
        .filter((c) => c.identifier === 'A')
        .map((c) => c.version),
    ).not.toContain(3);
    expect(p.serverErrors()).toEqual([]);
  });
});

/**
 * The deliveries still to send (`export_deliveries`) and those that succeeded
 * (`export_delivery_log`) kept apart: a worker moves each delivery to the log once answered with
 * a 2xx, and the delivery log route lists both collections as one.
 */
import {
  deliveryIdOf,
  packChanges,
  type DeliveryDocument,
  type DeliveryStatus,
} from '../../../core/export/delivery-record';
import { exportDocumentId } from '../../../core/export/export-record';
import { startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import {
  change,
  createContentType,
  createExport,
  startExportFixture,
  until,
  type ExportFixture,
} from './support/export-fixture';

interface DeliveryPage {
  items: { id: string; status: DeliveryStatus; attemptCount: number }[];
  nextCursor: string | null;
}

describe('the work queue and the delivery log', () => {
  let fx: ExportFixture;
  let owner: string;
  const receivers: LoopbackReceiver[] = [];
  const base = (id: string) => `/api/v1/settings/exports/${id}`;

  beforeAll(async () => {
    fx = await startExportFixture('delivery-split');
    ({ token: owner } = await fx.api.bootstrap('acme'));
    await createContentType(fx.api, owner);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await fx.close();
  });

  it('when deliveries succeed, then the work queue holds none of them and the log holds them all with their attempts', async () => {
    let calls = 0;
    const target = await startReceiver((_request, response) => {
      calls += 1;
      response.writeHead(calls === 1 ? 503 : 204).end();
    });
    receivers.push(target);
    const exp = await createExport(fx.api, owner, { url: target.origin, batchSize: 1 });
    const items = ['S-1', 'S-2', 'S-3', 'S-4', 'S-5', 'S-6', 'S-7', 'S-8'];
    await fx.write(
      'acme',
      items.map((id) => change(id, 1)),
    );
    const { exports, exportDeliveries, exportDeliveryLog } = fx.api.context.db;
    await until(
      async () => (await exportDeliveryLog.countDocuments({ exportId: exp.id })) === items.length,
      'every delivery in the log',
    );
    expect(await exportDeliveries.countDocuments({ exportId: exp.id })).toBe(0);

    const lanes = (await exports.findOne({ _id: exportDocumentId('acme', exp.id) }))!.lanes;
    const formed = lanes.flatMap((counters, lane) =>
      Array.from({ length: counters.formed }, (_, i) => deliveryIdOf(exp.id, lane, i + 1)),
    );
    const logged = await exportDeliveryLog.find({ exportId: exp.id }).toArray();
    expect(logged.map((d) => d._id).sort()).toEqual(formed.sort());
    const failedFirst = target.received[0]!.headers['webhook-id'];
    for (const delivery of logged) {
      expect(delivery).toMatchObject({
        status: 'succeeded',
        packedChanges: packChanges([]),
        changeCount: 1,
        nextAttemptAt: null,
      });
      expect(delivery.changes).toBeUndefined();
      expect(delivery.succeededAt).toBeInstanceOf(Date);
      expect(delivery.attemptCount).toBe(delivery.attempts.length);
      const statuses = delivery.attempts.map((a) => a.status);
      expect(statuses).toEqual(delivery._id === failedFirst ? [503, 204] : [204]);
    }
  });

  it('when deliveries wait, failed and succeeded, then the log route lists both collections as one, page by page and by status', async () => {
    // Paused: nothing sends, the test's deliveries stay as written.
    const exp = await createExport(fx.api, owner, { url: 'http://127.0.0.1:9', active: false });
    const { exportDeliveries, exportDeliveryLog } = fx.api.context.db;
    const start = Date.now() - 3_600_000;
    const statuses: DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'succeeded'];
    const all = Array.from({ length: 14 }, (_, i): DeliveryDocument => {
      const status = statuses[i % statuses.length]!;
      const lane = i % 4;
      const id = deliveryIdOf(exp.id, lane, i + 1);
      // Three at a time share a createdAt, across the collections: the order falls to `_id`.
      const createdAt = new Date(start + Math.floor(i / 3) * 1_000);
      return {
        _id: id,
        tenant: 'acme',
        exportId: exp.id,
        lane,
        n: i + 1,
        origin: 'log',
        packedChanges: packChanges([]),
        changeCount: 1,
        firstSeq: i + 1,
        lastSeq: i + 1,
        status,
        attempts:
          status === 'pending'
            ? []
            : [
                {
                  webhookId: id,
                  startedAt: createdAt,
                  ok: status === 'succeeded',
                  status: status === 'succeeded' ? 204 : 500,
                  durationMs: 4,
                },
              ],
        attemptCount: status === 'pending' ? 0 : 1,
        nextAttemptAt: status === 'failed' ? new Date(Date.now() + 3_600_000) : null,
        createdAt,
        succeededAt: status === 'succeeded' ? createdAt : null,
      };
    });
    // Two that succeeded stay in the work queue, as deliveries from before the log did.
    const oldStyle = new Set([all[1]!._id, all[7]!._id]);
    const inLog = (d: DeliveryDocument) => d.status === 'succeeded' && !oldStyle.has(d._id);
    await exportDeliveries.insertMany(all.filter((d) => !inLog(d)));
    await exportDeliveryLog.insertMany(all.filter(inLog));
    const newestFirst = [...all].sort(
      (a, b) =>
        b.createdAt.getTime() - a.createdAt.getTime() ||
        (a._id < b._id ? 1 : a._id > b._id ? -1 : 0),
    );

    for (const status of [undefined, 'pending', 'failed', 'succeeded'] as const) {
      const expected = newestFirst.filter((d) => status === undefined || d.status === status);
      for (const limit of [1, 2, 3, 100]) {
        const seen: DeliveryPage['items'] = [];
        let cursor: string | null = null;
        for (let page = 0; page <= all.length; page += 1) {
          const query = new URLSearchParams({ limit: String(limit) });
          if (status) query.set('status', status);
          if (cursor) query.set('cursor', cursor);
          const answer = await fx.api.call<DeliveryPage>(
            'GET',
            `${base(exp.id)}/deliveries?${query.toString()}`,
            { token: owner },
          );
          expect(answer.status).toBe(200);
          seen.push(...answer.body.items);
          cursor = answer.body.nextCursor;
          if (!cursor) break;
          expect(answer.body.items).toHaveLength(limit);
        }
        expect({ status, limit, ids: seen.map((d) => d.id) }).toEqual({
          status,
          limit,
          ids: expected.map((d) => d._id),
        });
        expect(seen.map((d) => d.status)).toEqual(expected.map((d) => d.status));
      }
    }

    // A delivery that moved to the log is not sent again by "retry".
    const moved = all.find(inLog)!;
    await fx.api.call('PATCH', base(exp.id), { token: owner, body: { active: true } });
    const retried = await fx.api.call('POST', `${base(exp.id)}/deliveries/${moved._id}/retry`, {
      token: owner,
    });
    expect(retried.status).toBe(409);
    expect(JSON.stringify(retried.body)).toMatch(/succeeded already/);
  });
});

/**
 * The delivery log (docs/export.md#the-delivery-log): each delivery, still to send or sent, in
 * one collection. One that succeeded keeps its attempts and the summary of its changes, drops
 * the changes themselves (the change log holds them) and expires EXPORT_DELIVERY_LOG_DAYS later;
 * the log route lists them newest first, page by page and by status; deleting an export removes
 * its deliveries; a lane whose count is behind a delivery the retention removed still goes on.
 */
import {
  deliveryIdOf,
  type DeliveryDocument,
  type DeliveryStatus,
} from '../../../core/export/delivery/delivery-record';
import { exportDocumentId } from '../../../core/export/export-record';
import { laneOf } from '../../../core/export/dispatch/lanes';
import { answerWith, startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import {
  change,
  createContentType,
  createExport,
  startExportFixture,
  until,
  type ExportFixture,
} from './support/export-fixture';

const DAY = 24 * 3600 * 1000;

interface DeliveryPage {
  items: { id: string; status: DeliveryStatus; attemptCount: number }[];
  nextCursor: string | null;
}

describe('the delivery log', () => {
  let fx: ExportFixture;
  let owner: string;
  let other: string;
  const receivers: LoopbackReceiver[] = [];
  const base = (id: string) => `/api/v1/settings/exports/${id}`;

  beforeAll(async () => {
    fx = await startExportFixture('delivery-log', { EXPORT_DELIVERY_LOG_DAYS: '3' });
    ({ token: owner } = await fx.api.bootstrap('acme'));
    ({ token: other } = await fx.api.bootstrap('other'));
    await createContentType(fx.api, owner);
    await createContentType(fx.api, other);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await fx.close();
  });

  async function receiver(respond: Parameters<typeof startReceiver>[0]) {
    const started = await startReceiver(respond);
    receivers.push(started);
    return started;
  }

  /** A delivery as the dispatch and the sender leave it. */
  function delivery(exportId: string, i: number, status: DeliveryStatus, createdAt: Date) {
    const lane = i % 4;
    const id = deliveryIdOf(exportId, lane, i + 1);
    const document: DeliveryDocument = {
      _id: id,
      tenant: 'acme',
      exportId,
      lane,
      n: i + 1,
      origin: 'log',
      changes: [],
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
      expiresAt: status === 'succeeded' ? new Date(createdAt.getTime() + 3 * DAY) : null,
    };
    return document;
  }

  it('when deliveries succeed, then each keeps its attempts and summary, drops its changes and expires after the retention', async () => {
    let calls = 0;
    const target = await receiver((_request, response) => {
      calls += 1;
      response.writeHead(calls === 1 ? 503 : 204).end();
    });
    const exp = await createExport(fx.api, owner, { url: target.origin, batchSize: 1 });
    const items = ['S-1', 'S-2', 'S-3', 'S-4', 'S-5', 'S-6', 'S-7', 'S-8'];
    await fx.write(
      'acme',
      items.map((id) => change(id, 1)),
    );
    const { exports, exportDeliveries } = fx.api.context.db;
    const succeeded = { exportId: exp.id, status: 'succeeded' as const };
    await until(
      async () => (await exportDeliveries.countDocuments(succeeded)) === items.length,
      'every delivery succeeded',
    );

    const lanes = (await exports.findOne({ _id: exportDocumentId('acme', exp.id) }))!.lanes;
    const formed = lanes.flatMap((counters, lane) =>
      Array.from({ length: counters.formed }, (_, i) => deliveryIdOf(exp.id, lane, i + 1)),
    );
    const logged = await exportDeliveries.find({ exportId: exp.id }).toArray();
    expect(logged.map((d) => d._id).sort()).toEqual(formed.sort());
    const failedFirst = target.received[0]!.headers['webhook-id'];
    for (const sent of logged) {
      expect(sent).toMatchObject({ status: 'succeeded', changes: [], changeCount: 1 });
      expect(sent.nextAttemptAt).toBeNull();
      expect(sent.expiresAt!.getTime() - sent.succeededAt!.getTime()).toBe(3 * DAY);
      expect(sent.attemptCount).toBe(sent.attempts.length);
      const statuses = sent.attempts.map((a) => a.status);
      expect(statuses).toEqual(sent._id === failedFirst ? [503, 204] : [204]);
    }
  });

  it('when deliveries wait, failed and succeeded, then the log route lists them newest first, page by page and by status', async () => {
    // Paused: nothing sends, the test's deliveries stay as written.
    const exp = await createExport(fx.api, owner, { url: 'http://127.0.0.1:9', active: false });
    const start = Date.now() - 3_600_000;
    const statuses: DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'succeeded'];
    // Three at a time share a createdAt: the order falls to `_id`.
    const all = Array.from({ length: 14 }, (_, i) =>
      delivery(exp.id, i, statuses[i % 4]!, new Date(start + Math.floor(i / 3) * 1_000)),
    );
    await fx.api.context.db.exportDeliveries.insertMany(all);
    const newestFirst = [...all].sort(
      (a, b) =>
        b.createdAt.getTime() - a.createdAt.getTime() ||
        (a._id < b._id ? 1 : a._id > b._id ? -1 : 0),
    );

    for (const status of [undefined, 'pending', 'failed', 'succeeded'] as const) {
      const expected = newestFirst.filter((d) => status === undefined || d.status === status);
      for (const limit of [1, 3, 100]) {
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
      }
    }

    // A delivery that succeeded is not sent again by "retry".
    const sent = all.find((d) => d.status === 'succeeded')!;
    await fx.api.call('PATCH', base(exp.id), { token: owner, body: { active: true } });
    const retried = await fx.api.call('POST', `${base(exp.id)}/deliveries/${sent._id}/retry`, {
      token: owner,
    });
    expect(retried.status).toBe(409);
    expect(JSON.stringify(retried.body)).toMatch(/succeeded already/);
  });

  it('when an export is deleted, then its deliveries go and other exports keep theirs', async () => {
    const { exportDeliveries } = fx.api.context.db;
    const paused = { url: 'http://127.0.0.1:9', active: false };
    const doomed = await createExport(fx.api, owner, paused);
    const sibling = await createExport(fx.api, owner, paused);
    const foreign = await createExport(fx.api, other, paused);
    const createdAt = new Date();
    const logOf = (exportId: string) =>
      (['pending', 'failed', 'succeeded'] as const).map((status, i) => ({
        ...delivery(exportId, i, status, createdAt),
        tenant: exportId === foreign.id ? 'other' : 'acme',
      }));
    await exportDeliveries.insertMany([
      ...logOf(doomed.id),
      ...logOf(sibling.id),
      ...logOf(foreign.id),
    ]);

    // Another tenant cannot reach it, and removes nothing trying.
    const refused = await fx.api.call('DELETE', base(doomed.id), { token: other });
    expect(refused.status).toBe(404);
    expect(await exportDeliveries.countDocuments({ exportId: doomed.id })).toBe(3);

    const deleted = await fx.api.call('DELETE', base(doomed.id), { token: owner });
    expect(deleted.status).toBe(204);
    expect(await exportDeliveries.countDocuments({ exportId: doomed.id })).toBe(0);
    const kept = await exportDeliveries
      .find({ exportId: { $in: [sibling.id, foreign.id] } })
      .toArray();
    expect(kept.map((d) => d._id).sort()).toEqual(
      [...logOf(sibling.id), ...logOf(foreign.id)].map((d) => d._id).sort(),
    );
  });

  it("when a lane's count is behind a delivery the retention removed, then the lane still sends what follows", async () => {
    const target = await receiver(answerWith(204));
    const { exports, exportDeliveries } = fx.api.context.db;
    const exp = await createExport(fx.api, owner, { url: target.origin });
    const lane = laneOf('products', 'R-1');
    const counters = async () =>
      (await exports.findOne({ _id: exportDocumentId('acme', exp.id) }))!.lanes[lane]!;
    const arrived = (version: number) =>
      target.received.some((request) =>
        request.body.includes(`"identifier":"R-1","version":${version}`),
      );

    await fx.write('acme', [change('R-1', 1)]);
    await until(async () => arrived(1) && (await counters()).sent === 1, 'the first delivery');
    // The first delivery is past its retention, and the lane's count is behind it: what a send
    // that died before writing its count leaves.
    // Removed as the TTL monitor would remove it, four days on.
    await exportDeliveries.deleteMany({ expiresAt: { $lt: new Date(Date.now() + 4 * DAY) } });
    expect(await exportDeliveries.countDocuments({ exportId: exp.id })).toBe(0);
    await exports.updateOne(
      { _id: exportDocumentId('acme', exp.id) },
      { $set: { [`lanes.${lane}.sent`]: 0 } },
    );

    await fx.write('acme', [change('R-1', 2)]);
    await until(() => arrived(2), 'the next delivery of the lane');
    await until(async () => (await counters()).sent === 2, "the lane's count past both");
    expect(await counters()).toEqual({ formed: 2, sent: 2 });
  });
});

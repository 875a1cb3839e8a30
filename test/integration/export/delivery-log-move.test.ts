/**
 * A delivery that succeeded moves from the work queue (`export_deliveries`) to the delivery log
 * (`export_delivery_log`): what a send that died half-way leaves, deliveries that succeeded
 * before the log had its own collection, and a dispatch that finishes a forming left behind.
 * The sender and the dispatcher run here on their own, on real engines, without a worker: the
 * test decides every step.
 */
import type { Connection } from 'mongoose';
import { ChangeFeed } from '../../../core/changes/change-feed';
import { ChangeLogStore } from '../../../core/changes/change-log-store';
import { CHANGE_EVENTS } from '../../../core/changes/change-record';
import { parseAllowedNetworks } from '../../../core/config/allowed-networks';
import { DeliveriesRepository } from '../../../core/export/deliveries.repository';
import type { DeliveryAttempt } from '../../../core/export/delivery-attempt';
import { createDeliveryClient, type DeliveryClient } from '../../../core/export/delivery-client';
import {
  deliveryIdOf,
  packChanges,
  type DeliveryDocument,
} from '../../../core/export/delivery-record';
import { ExportDispatcher } from '../../../core/export/export-dispatcher';
import { ExportSender, newLaneProgress } from '../../../core/export/export-sender';
import type { ExportDocument, Forming } from '../../../core/export/export-record';
import { ExportsRepository } from '../../../core/export/exports.repository';
import { laneOf } from '../../../core/export/lanes';
import { generateWebhookSecret } from '../../../core/export/webhook-secret';
import { createLogger } from '../../../core/logging/logger';
import { connectMongo } from '../../../core/mongo/connection';
import { MONGODB_TRAITS } from '../../../core/mongo/engine';
import { collections, type Collections } from '../../../core/store/collections';
import { ensureIndexes } from '../../../core/store/indexes';
import { answerWith, startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import { isolatedEnv } from '../../support/test-env';
import { applyChanges, change } from './support/export-fixture';

const DAY = 24 * 3600 * 1000;

function attempt(webhookId: string, status: number, startedAt: Date): DeliveryAttempt {
  return { webhookId, startedAt, ok: status < 300, status, durationMs: 3 };
}

/** A delivery in the work queue as the dispatch (and failed attempts) leave it. */
function waiting(exp: ExportDocument, lane: number, n: number, createdAt: Date): DeliveryDocument {
  return {
    _id: deliveryIdOf(exp.id, lane, n),
    tenant: exp.tenant,
    exportId: exp.id,
    lane,
    n,
    origin: 'log',
    packedChanges: packChanges([]),
    changeCount: 0,
    firstSeq: null,
    lastSeq: null,
    status: 'pending',
    attempts: [],
    attemptCount: 0,
    nextAttemptAt: null,
    createdAt,
    succeededAt: null,
  };
}

/** The same delivery as a send that got a 2xx writes it to the log. */
function finished(delivery: DeliveryDocument, at: Date): DeliveryDocument {
  const attempts = [...delivery.attempts, attempt(delivery._id, 204, at)];
  return {
    ...delivery,
    status: 'succeeded',
    attempts,
    attemptCount: attempts.length,
    succeededAt: at,
  };
}

describe('a delivery moving to the delivery log', () => {
  const env = isolatedEnv('delivery-move');
  let mongo: Connection;
  let db: Collections;
  let receiver: LoopbackReceiver;
  let client: DeliveryClient;
  let sender: ExportSender;

  beforeAll(async () => {
    mongo = await connectMongo(env.MONGO_URL, 'test');
    db = collections(mongo);
    await ensureIndexes(db, createLogger('test', 'silent'));
    receiver = await startReceiver(answerWith(204));
    client = createDeliveryClient({
      allowed: parseAllowedNetworks('127.0.0.0/8,::1/128')!,
      timeoutMs: 5_000,
    });
    sender = new ExportSender(db, client, { retryDelaysMs: [DAY], disableAfterMs: 5 * DAY });
  });
  afterAll(async () => {
    client.close();
    await receiver.close();
    await mongo.dropDatabase();
    await mongo.close();
  });

  /** An active export whose lanes formed (and counted as sent) what `lanes` says. */
  async function activeExport(
    lanes: Record<number, { formed: number; sent?: number }>,
    cursor = 0,
  ): Promise<ExportDocument> {
    const exp = await new ExportsRepository(db).create(
      'acme',
      {
        name: 'receiver',
        url: receiver.origin,
        contentTypes: ['products'],
        events: [...CHANGE_EVENTS],
        batchSize: 1,
        active: true,
      },
      generateWebhookSecret(),
      cursor,
    );
    const set: Record<string, number> = {};
    for (const [lane, { formed, sent }] of Object.entries(lanes)) {
      set[`lanes.${lane}.formed`] = formed;
      set[`lanes.${lane}.sent`] = sent ?? 0;
    }
    await db.exports.updateOne({ _id: exp._id }, { $set: set });
    return (await db.exports.findOne({ _id: exp._id }))!;
  }

  /** Sends the lane's deliveries until nothing is left, as a send job does; the steps' kinds. */
  async function sendAll(exp: ExportDocument, lane: number): Promise<string[]> {
    const progress = newLaneProgress();
    const kinds: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const step = await sender.step(exp._id, lane, progress);
      kinds.push(step.kind);
      if (step.kind !== 'sent') break;
    }
    await sender.count(exp._id, lane, progress);
    return kinds;
  }

  const requestsFor = (id: string) =>
    receiver.received.filter((request) => request.headers['webhook-id'] === id).length;

  it('when a send died after writing the log and before leaving the work queue, then the next send ends with one copy in the log, none in the queue', async () => {
    const exp = await activeExport({ 0: { formed: 1 } });
    const failedAt = new Date(Date.now() - 60_000);
    const delivery: DeliveryDocument = {
      ...waiting(exp, 0, 1, new Date(Date.now() - 120_000)),
      status: 'failed',
      attempts: [attempt(deliveryIdOf(exp.id, 0, 1), 503, failedAt)],
      attemptCount: 1,
    };
    // The dead send got its 2xx and wrote the log's copy; the queue's is still there, due.
    await db.exportDeliveries.insertOne(delivery);
    await db.exportDeliveryLog.insertOne(finished(delivery, new Date(Date.now() - 30_000)));

    // Meanwhile the list shows it once, as succeeded.
    const listed = await new DeliveriesRepository(db).list(exp.id, { limit: 10 });
    expect(listed.items.map((d) => [d._id, d.status])).toEqual([[delivery._id, 'succeeded']]);

    expect(await sendAll(exp, 0)).toEqual(['sent', 'idle']);
    expect(requestsFor(delivery._id)).toBe(1);
    expect(await db.exportDeliveries.countDocuments({ exportId: exp.id })).toBe(0);
    const logged = await db.exportDeliveryLog.find({ exportId: exp.id }).toArray();
    expect(logged.map((d) => [d._id, d.status, d.attempts.map((a) => a.status)])).toEqual([
      [delivery._id, 'succeeded', [503, 204]],
    ]);

    // A send that starts again, from the lane's count or from before it, sends nothing more.
    await db.exports.updateOne({ _id: exp._id }, { $set: { 'lanes.0.sent': 0 } });
    expect(await sendAll(exp, 0)).toEqual(['sent', 'idle']);
    expect(requestsFor(delivery._id)).toBe(1);
  });

  it('when a delivery succeeded before the log had its own collection, then the send passes over it and the list shows it', async () => {
    const exp = await activeExport({ 1: { formed: 2 } });
    const old = waiting(exp, 1, 1, new Date(Date.now() - 2 * DAY));
    const oldStyle = finished(old, new Date(Date.now() - DAY));
    const next = waiting(exp, 1, 2, new Date(Date.now() - 60_000));
    await db.exportDeliveries.insertMany([oldStyle, next]);

    expect(await sendAll(exp, 1)).toEqual(['sent', 'sent', 'idle']);
    expect(requestsFor(old._id)).toBe(0);
    expect(requestsFor(next._id)).toBe(1);
    // The old one stays where it was, for the retention; the new one moved to the log.
    const queue = await db.exportDeliveries.find({ exportId: exp.id }).toArray();
    expect(queue.map((d) => [d._id, d.status])).toEqual([[old._id, 'succeeded']]);
    const logged = await db.exportDeliveryLog.find({ exportId: exp.id }).toArray();
    expect(logged.map((d) => [d._id, d.status, d.attemptCount])).toEqual([
      [next._id, 'succeeded', 1],
    ]);
    expect(logged[0]!.succeededAt).toBeInstanceOf(Date);

    const listed = await new DeliveriesRepository(db).list(exp.id, { limit: 10 });
    expect(listed.items.map((d) => [d._id, d.status])).toEqual([
      [next._id, 'succeeded'],
      [old._id, 'succeeded'],
    ]);
    expect((await new DeliveriesRepository(db).find('acme', exp.id, old._id))?.status).toBe(
      'succeeded',
    );
    expect((await new DeliveriesRepository(db).find('acme', exp.id, next._id))?.status).toBe(
      'succeeded',
    );
  });

  it('when a dispatch finishes a forming left behind, then a delivery already sent to the log is not put back in the queue', async () => {
    const log = new ChangeLogStore(db, MONGODB_TRAITS);
    const feed = new ChangeFeed(log, db, MONGODB_TRAITS);
    const tenant = 'acme';
    // Two items of one lane: its deliveries 1 and 2 (batches of one).
    const lane = laneOf('products', 'F-0');
    const second = Array.from({ length: 200 }, (_, i) => `F-${i + 1}`).find(
      (identifier) => laneOf('products', identifier) === lane,
    )!;
    const head = await log.head(tenant);
    const written = await applyChanges(db, log, tenant, [change('F-0', 1), change(second, 1)]);
    const exp = await activeExport({}, head);
    // What a dispatch that died after claiming the range and writing delivery 1 leaves, once a
    // send sent delivery 1 and moved it to the log.
    const formedBefore = exp.lanes.map((counters) => counters.formed);
    const forming: Forming = {
      kind: 'log',
      from: head,
      to: written.at(-1)!.seq,
      formedBefore,
      contentTypes: exp.contentTypes,
      events: exp.events,
      batchSize: 1,
    };
    await db.exports.updateOne(
      { _id: exp._id },
      { $set: { forming, cursor: forming.to, [`lanes.${lane}.formed`]: 2 } },
    );
    const [first, last] = [deliveryIdOf(exp.id, lane, 1), deliveryIdOf(exp.id, lane, 2)];
    await db.exportDeliveryLog.insertOne(
      finished(waiting(exp, lane, 1, new Date(Date.now() - 1_000)), new Date()),
    );

    await new ExportDispatcher(db, feed).run(exp._id);

    expect((await db.exports.findOne({ _id: exp._id }))!.forming).toBeNull();
    const queue = await db.exportDeliveries.find({ exportId: exp.id }).toArray();
    expect(queue.map((d) => [d._id, d.status])).toEqual([[last, 'pending']]);
    expect(await db.exportDeliveryLog.countDocuments({ exportId: exp.id })).toBe(1);
    // The lane sends what was left, and not delivery 1 again.
    expect(await sendAll(exp, lane)).toEqual(['sent', 'sent', 'idle']);
    expect(requestsFor(first)).toBe(0);
    expect(requestsFor(last)).toBe(1);
  });
});

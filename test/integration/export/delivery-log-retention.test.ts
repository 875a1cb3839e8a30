/**
 * The delivery log's retention: deliveries that succeeded go EXPORT_DELIVERY_LOG_DAYS after
 * their success (a TTL index where the engine takes one, else the worker's purge, scheduled once
 * between workers); pending and failed ones stay whatever their age; deleting an export removes
 * its deliveries. The clock moves by the dates of the documents and the `now` given to the purge.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Connection, mongo as driver } from 'mongoose';
import { connectMongo, databaseOf } from '../../../core/mongo/connection';
import { detectEngine } from '../../../core/mongo/engine';
import { createLogger } from '../../../core/logging/logger';
import { collections } from '../../../core/store/collections';
import { ensureIndexes } from '../../../core/store/indexes';
import {
  DELIVERY_PURGE_EVERY_MS,
  DELIVERY_TTL_INDEX,
  DeliveryLogRetention,
  ensureDeliveryLogTtl,
} from '../../../core/export/delivery-log-retention';
import {
  deliveryIdOf,
  packChanges,
  type DeliveryDocument,
  type DeliveryStatus,
} from '../../../core/export/delivery-record';
import { DELIVERY_PURGE_SCHEDULER_ID, EXPORT_QUEUE } from '../../../core/export/export-jobs';
import { ExportQueue } from '../../../core/export/export-queue';
import { exportDocumentId } from '../../../core/export/export-record';
import { laneOf } from '../../../core/export/lanes';
import { startTestApi } from '../../support/api-harness';
import { startReceiver, answerWith, type LoopbackReceiver } from '../../support/loopback-receiver';
import { isolatedEnv } from '../../support/test-env';
import { startTestWorker } from '../../support/worker-harness';
import {
  change,
  createContentType,
  createExport,
  EXPORT_TEST_ENV,
  startExportFixture,
  until,
  type ExportFixture,
} from './support/export-fixture';

const DAY = 24 * 3600 * 1000;
const logger = createLogger('test', 'silent');

interface Dates {
  createdAt: Date;
  succeededAt?: Date;
}

/** A delivery as the dispatch and the sender leave it, with the dates a test chooses. */
function delivery(
  exportId: string,
  n: number,
  status: DeliveryStatus,
  { createdAt, succeededAt }: Dates,
): DeliveryDocument {
  return {
    _id: deliveryIdOf(exportId, 0, n),
    tenant: 'acme',
    exportId,
    lane: 0,
    n,
    origin: 'log',
    packedChanges: packChanges([]),
    changeCount: 1,
    firstSeq: n,
    lastSeq: n,
    status,
    attempts:
      status === 'pending'
        ? []
        : [
            {
              webhookId: deliveryIdOf(exportId, 0, n),
              startedAt: createdAt,
              ok: status === 'succeeded',
              status: status === 'succeeded' ? 204 : 503,
              durationMs: 5,
            },
          ],
    attemptCount: status === 'pending' ? 0 : 1,
    nextAttemptAt: status === 'failed' ? new Date(createdAt.getTime() + DAY) : null,
    createdAt,
    succeededAt: status === 'succeeded' ? (succeededAt ?? createdAt) : null,
  };
}

type IndexInfo = { name?: string } & Record<string, unknown>;
async function indexesOf(deliveries: driver.Collection<DeliveryDocument>): Promise<IndexInfo[]> {
  const found: IndexInfo[] = await deliveries.listIndexes().toArray();
  return found;
}

const idsOf = (found: DeliveryDocument[]) => found.map((d) => d._id).sort();

describe('delivery log retention: the purge', () => {
  const env = isolatedEnv('delivery-purge');
  let mongo: Connection;

  beforeAll(async () => {
    mongo = await connectMongo(env.MONGO_URL, 'test');
    await ensureIndexes(collections(mongo), logger);
  });
  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
  });

  it('when the purge runs, then only deliveries that succeeded before the retention go', async () => {
    const { exportDeliveries } = collections(mongo);
    const now = new Date('2026-11-25T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const kept = [
      delivery('e1', 1, 'succeeded', { createdAt: ago(7 * DAY - 60_000) }),
      delivery('e1', 2, 'succeeded', { createdAt: ago(60_000) }),
      // Formed long ago, succeeded lately: the retention counts from the success.
      delivery('e1', 3, 'succeeded', { createdAt: ago(40 * DAY), succeededAt: ago(DAY) }),
      // Still to be sent, whatever their age: at least once.
      delivery('e1', 4, 'pending', { createdAt: ago(400 * DAY) }),
      delivery('e1', 5, 'failed', { createdAt: ago(400 * DAY) }),
      delivery('e2', 1, 'failed', { createdAt: ago(30 * DAY) }),
    ];
    const expired = [
      delivery('e2', 2, 'succeeded', { createdAt: ago(7 * DAY + 60_000) }),
      delivery('e2', 3, 'succeeded', { createdAt: ago(300 * DAY) }),
      delivery('e3', 1, 'succeeded', { createdAt: ago(8 * DAY) }),
    ];
    await exportDeliveries.insertMany([...kept, ...expired]);

    const deleted = await new DeliveryLogRetention(collections(mongo), 7).purge(now);

    expect(deleted).toBe(expired.length);
    expect(idsOf(await exportDeliveries.find({}).toArray())).toEqual(idsOf(kept));
  });

  it('when the retention is shorter, then the purge counts with it', async () => {
    const { exportDeliveries } = collections(mongo);
    await exportDeliveries.deleteMany({});
    const now = new Date();
    const twoDaysAgo = new Date(now.getTime() - 2 * DAY - 60_000);
    await exportDeliveries.insertMany([
      delivery('e4', 1, 'succeeded', { createdAt: twoDaysAgo }),
      delivery('e4', 2, 'succeeded', { createdAt: new Date(now.getTime() - DAY) }),
    ]);
    expect(await new DeliveryLogRetention(collections(mongo), 7).purge(now)).toBe(0);
    expect(await new DeliveryLogRetention(collections(mongo), 2).purge(now)).toBe(1);
    expect(idsOf(await exportDeliveries.find({}).toArray())).toEqual([deliveryIdOf('e4', 0, 2)]);
  });

  it('when the purge runs, then expired deliveries go from the delivery log as from the work queue', async () => {
    const { exportDeliveries, exportDeliveryLog } = collections(mongo);
    await exportDeliveries.deleteMany({});
    const now = new Date('2026-11-25T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const keptInLog = [delivery('e5', 2, 'succeeded', { createdAt: ago(DAY) })];
    const expiredInLog = [
      delivery('e5', 1, 'succeeded', { createdAt: ago(9 * DAY) }),
      delivery('e6', 1, 'succeeded', { createdAt: ago(20 * DAY), succeededAt: ago(8 * DAY) }),
    ];
    // One that succeeded before the log had its own collection, still in the work queue.
    const expiredInQueue = delivery('e5', 3, 'succeeded', { createdAt: ago(10 * DAY) });
    const waiting = delivery('e5', 4, 'failed', { createdAt: ago(100 * DAY) });
    await exportDeliveryLog.insertMany([...keptInLog, ...expiredInLog]);
    await exportDeliveries.insertMany([expiredInQueue, waiting]);

    expect(await new DeliveryLogRetention(collections(mongo), 7).purge(now)).toBe(3);
    expect(idsOf(await exportDeliveryLog.find({}).toArray())).toEqual(idsOf(keptInLog));
    expect(idsOf(await exportDeliveries.find({}).toArray())).toEqual(idsOf([waiting]));
  });

  it('when the TTL index is ensured, then the delivery log gets it too where the engine takes one', async () => {
    const engine = await detectEngine(mongo);
    expect(await ensureDeliveryLogTtl(databaseOf(mongo), 7, logger)).toBe(
      engine.name === 'mongodb',
    );
    const ttlIndex = (await indexesOf(collections(mongo).exportDeliveryLog)).find(
      (index) => index.name === DELIVERY_TTL_INDEX,
    );
    if (engine.name !== 'mongodb') {
      expect(ttlIndex).toBeUndefined();
      return;
    }
    expect(ttlIndex).toMatchObject({ key: { succeededAt: 1 }, expireAfterSeconds: 7 * 86_400 });
  });

  it('when the TTL index is ensured, then it exists exactly where the engine takes one, partial to succeeded deliveries', async () => {
    const engine = await detectEngine(mongo);
    const database = databaseOf(mongo);
    expect(await ensureDeliveryLogTtl(database, 7, logger)).toBe(engine.name === 'mongodb');
    const ttlIndex = async () =>
      (await indexesOf(collections(mongo).exportDeliveries)).find(
        (index) => index.name === DELIVERY_TTL_INDEX,
      );
    if (engine.name !== 'mongodb') {
      expect(await ttlIndex()).toBeUndefined();
      return;
    }
    expect(await ttlIndex()).toMatchObject({
      key: { succeededAt: 1 },
      expireAfterSeconds: 7 * 86_400,
      partialFilterExpression: { status: 'succeeded' },
    });
    // Another retention moves the index's expiry; ensuring it again changes nothing.
    expect(await ensureDeliveryLogTtl(database, 3, logger)).toBe(true);
    expect(await ensureDeliveryLogTtl(database, 3, logger)).toBe(true);
    expect(await ttlIndex()).toMatchObject({ expireAfterSeconds: 3 * 86_400 });
  });

  it('when workers schedule the purge, then the export queue holds one hourly schedule however many do', async () => {
    const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
    const queues = [1, 2, 3].map(() => new ExportQueue(redis, env.QUEUE_PREFIX));
    const reader = new Queue(EXPORT_QUEUE, {
      connection: { url: env.REDIS_URL },
      prefix: env.QUEUE_PREFIX,
    });
    const retention = new DeliveryLogRetention(collections(mongo), 7);
    try {
      await Promise.all(queues.map((queue) => retention.schedule(queue, true)));
      const schedulers = await reader.getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.every])).toEqual([
        [DELIVERY_PURGE_SCHEDULER_ID, DELIVERY_PURGE_EVERY_MS],
      ]);
      expect(DELIVERY_PURGE_EVERY_MS).toBe(3_600_000);
      // Where the TTL index serves, a worker takes the schedule off.
      await retention.schedule(queues[0]!, false);
      expect(await reader.getJobSchedulers()).toEqual([]);
    } finally {
      await reader.obliterate({ force: true });
      await reader.close();
      await Promise.all(queues.map((queue) => queue.close()));
      redis.disconnect();
    }
  });
});

describe('delivery log retention: a worker', () => {
  it('when a worker starts, then the delivery log expires by TTL index or by its purge, and what waits stays', async () => {
    const api = await startTestApi('delivery-expiry', EXPORT_TEST_ENV);
    const { exportDeliveries } = api.context.db;
    const now = Date.now();
    const expired = delivery('x1', 1, 'succeeded', { createdAt: new Date(now - 8 * DAY) });
    const kept = [
      delivery('x1', 2, 'succeeded', { createdAt: new Date(now - 6 * DAY) }),
      delivery('x1', 3, 'failed', { createdAt: new Date(now - 30 * DAY) }),
      delivery('x1', 4, 'pending', { createdAt: new Date(now - 30 * DAY) }),
    ];
    await exportDeliveries.insertMany([expired, ...kept]);
    const worker = await startTestWorker({ ...api.env, ...EXPORT_TEST_ENV });
    try {
      if (worker.composed.engine.name === 'mongodb') {
        // The TTL monitor's pass is the server's, once a minute: the index is what we own.
        const indexes = await indexesOf(exportDeliveries);
        expect(indexes.find((index) => index.name === DELIVERY_TTL_INDEX)).toMatchObject({
          expireAfterSeconds: 7 * 86_400,
        });
        return;
      }
      // An hourly schedule's first run comes at once.
      await worker.waitForLog((line) => line.msg === 'expired export deliveries purged');
      await until(
        async () => (await exportDeliveries.countDocuments({ _id: expired._id })) === 0,
        'the expired delivery purged',
      );
      expect(idsOf(await exportDeliveries.find({}).toArray())).toEqual(idsOf(kept));
    } finally {
      await worker.stop();
      await api.close();
    }
  });
});

describe('delivery log retention: exports and lanes', () => {
  let fx: ExportFixture;
  let owner: string;
  let other: string;
  let receiver: LoopbackReceiver;
  const exportsUrl = '/api/v1/settings/exports';

  beforeAll(async () => {
    fx = await startExportFixture('delivery-log');
    ({ token: owner } = await fx.api.bootstrap('acme'));
    ({ token: other } = await fx.api.bootstrap('other'));
    await createContentType(fx.api, owner);
    await createContentType(fx.api, other);
    receiver = await startReceiver(answerWith(204));
  });
  afterAll(async () => {
    await receiver.close();
    await fx.close();
  });

  it('when an export is deleted, then its deliveries go and other exports keep theirs', async () => {
    const { exportDeliveries } = fx.api.context.db;
    // Paused: the test's deliveries are the only ones, and nothing sends them.
    const paused = { url: receiver.origin, active: false };
    const doomed = await createExport(fx.api, owner, paused);
    const sibling = await createExport(fx.api, owner, paused);
    const foreign = await createExport(fx.api, other, paused);
    const createdAt = new Date();
    const statuses: DeliveryStatus[] = ['pending', 'failed', 'succeeded'];
    const logOf = (exportId: string) =>
      statuses.map((status, i) => ({
        ...delivery(exportId, i + 1, status, { createdAt }),
        tenant: exportId === foreign.id ? 'other' : 'acme',
      }));
    await exportDeliveries.insertMany([
      ...logOf(doomed.id),
      ...logOf(sibling.id),
      ...logOf(foreign.id),
    ]);

    // Another tenant cannot reach it, and removes nothing trying.
    const refused = await fx.api.call('DELETE', `${exportsUrl}/${doomed.id}`, { token: other });
    expect(refused.status).toBe(404);
    expect(await exportDeliveries.countDocuments({ exportId: doomed.id })).toBe(3);

    const deleted = await fx.api.call('DELETE', `${exportsUrl}/${doomed.id}`, { token: owner });
    expect(deleted.status).toBe(204);
    expect(await exportDeliveries.countDocuments({ exportId: doomed.id })).toBe(0);
    expect(idsOf(await exportDeliveries.find({ exportId: { $ne: doomed.id } }).toArray())).toEqual(
      idsOf([...logOf(sibling.id), ...logOf(foreign.id)]),
    );
  });

  it('when an export is deleted, then its deliveries go from the delivery log too', async () => {
    const { exportDeliveryLog } = fx.api.context.db;
    const paused = { url: receiver.origin, active: false };
    const doomed = await createExport(fx.api, owner, paused);
    const sibling = await createExport(fx.api, owner, paused);
    const createdAt = new Date();
    const succeeded = (exportId: string) =>
      [1, 2].map((n) => delivery(exportId, n, 'succeeded', { createdAt }));
    await exportDeliveryLog.insertMany([...succeeded(doomed.id), ...succeeded(sibling.id)]);

    const deleted = await fx.api.call('DELETE', `${exportsUrl}/${doomed.id}`, { token: owner });
    expect(deleted.status).toBe(204);
    expect(await exportDeliveryLog.countDocuments({ exportId: doomed.id })).toBe(0);
    expect(idsOf(await exportDeliveryLog.find({ exportId: sibling.id }).toArray())).toEqual(
      idsOf(succeeded(sibling.id)),
    );
  });

  it("when a lane's count is behind a delivery the retention removed, then the lane still sends what follows", async () => {
    const { exports, exportDeliveries } = fx.api.context.db;
    const exp = await createExport(fx.api, owner, { url: receiver.origin });
    const lane = laneOf('products', 'R-1');
    const counters = async () =>
      (await exports.findOne({ _id: exportDocumentId('acme', exp.id) }))!.lanes[lane]!;
    const arrived = (version: number) =>
      receiver.received.some((request) =>
        request.body.includes(`"identifier":"R-1","version":${version}`),
      );

    await fx.write('acme', [change('R-1', 1)]);
    await until(async () => arrived(1) && (await counters()).sent === 1, 'the first delivery');
    // The first delivery is past its retention, and the lane's count is behind it: what a send
    // that died before writing its count leaves.
    const later = new Date(Date.now() + 8 * DAY);
    await new DeliveryLogRetention(fx.api.context.db, 7).purge(later);
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

/**
 * What expires, and how (docs/storage.md#retention): history records, item tombstones, the names
 * of full syncs and deliveries that succeeded go once their `expiresAt` has passed; a delivery
 * still to send has none and stays whatever its age. MongoDB removes them by TTL indexes; on the
 * test engine, which has none, the worker's hourly purge does, scheduled once between workers.
 */
import { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import type {
  DeliveryDocument,
  DeliveryStatus,
} from '../../../core/export/delivery/delivery-record';
import { deliveryIdOf } from '../../../core/export/delivery/delivery-record';
import { newPart } from '../../../core/history/history-part';
import type { HistoryDocument } from '../../../core/history/history-record';
import { connectMongo } from '../../../core/mongo/connection';
import { FUNNEL_QUEUE } from '../../../core/queue/queue-names';
import { collections, type Collections } from '../../../core/storage/collections';
import { purgeExpired } from '../../../core/storage/engines/ferretdb/expiry-purge';
import { applySchedules, PURGE_SCHEDULE } from '../../../worker/schedules';
import { EXPORT_TEST_ENV } from '../export/support/export-fixture';
import { startTestApi } from '../../support/api-harness';
import { isolatedEnv, testKeys, testRedis } from '../../support/test-env';
import { startTestWorker } from '../../support/worker-harness';

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;

function historyRecord(id: string, expiresAt: Date): HistoryDocument {
  const receivedAt = new Date(expiresAt.getTime() - 30 * DAY);
  return {
    _id: `acme:${id}`,
    recordId: id,
    tenant: 'acme',
    funnelId: 'erp',
    endpointUrl: 'erp',
    requestId: id,
    method: 'POST',
    receivedAt,
    sequence: receivedAt.getTime() * 1000,
    finishedAt: receivedAt,
    durationMs: 1,
    status: 'success',
    httpStatus: 200,
    itemCount: 0,
    message: '',
    errors: [],
    successIds: [],
    deletedIds: [],
    notFoundIds: [],
    resolved: [],
    identifiers: [],
    identifierCount: 0,
    parts: 0,
    payload: '',
    payloadTruncated: false,
    bodyFormat: 'json',
    tokenId: null,
    dryRun: false,
    expiresAt,
  };
}

/** A delivery as the dispatch and the sender leave it; `expiresAt` only once it succeeded. */
export function delivery(
  exportId: string,
  n: number,
  status: DeliveryStatus,
  expiresAt: Date | null = null,
): DeliveryDocument {
  const createdAt = new Date(Date.now() - 30 * DAY);
  return {
    _id: deliveryIdOf(exportId, 0, n),
    tenant: 'acme',
    exportId,
    lane: 0,
    n,
    origin: 'log',
    changes: [],
    changeCount: 1,
    firstSeq: n,
    lastSeq: n,
    status,
    attempts: [],
    attemptCount: status === 'pending' ? 0 : 1,
    nextAttemptAt: status === 'failed' ? new Date(Date.now() + DAY) : null,
    createdAt,
    succeededAt: status === 'succeeded' ? createdAt : null,
    expiresAt,
  };
}

/** One expired and one live document in every collection that expires, and deliveries to send. */
async function seed(db: Collections, now: number) {
  const past = new Date(now - HOUR);
  const future = new Date(now + HOUR);
  await db.history.insertMany([historyRecord('old', past), historyRecord('fresh', future)]);
  await db.historyParts.insertMany([
    newPart(historyRecord('old', past), 0),
    newPart(historyRecord('fresh', future), 0),
  ]);
  const tombstone = (id: string, expiresAt: Date) => ({
    _id: `acme:products:${id}`,
    tenant: 'acme',
    contentType: 'products',
    receivedAt: new Date(now),
    sequence: 1,
    version: 2,
    expiresAt,
  });
  await db.itemTombstones.insertMany([tombstone('old', past), tombstone('fresh', future)]);
  const names = (id: string, expiresAt: Date) => ({
    _id: `acme:${id}:r:0`,
    tenant: 'acme',
    syncId: id,
    identifiers: ['A'],
    expiresAt,
  });
  await db.syncNames.insertMany([names('old', past), names('fresh', future)]);
  await db.exportDeliveries.insertMany([
    delivery('e1', 1, 'succeeded', past),
    delivery('e1', 2, 'succeeded', future),
    delivery('e1', 3, 'failed'),
    delivery('e1', 4, 'pending'),
  ]);
}

async function remaining(db: Collections) {
  const ids = async (collection: Collections['history']) =>
    (await collection.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id).sort();
  return {
    history: await ids(db.history),
    historyParts: await ids(db.historyParts as unknown as Collections['history']),
    itemTombstones: await ids(db.itemTombstones as unknown as Collections['history']),
    syncNames: await ids(db.syncNames as unknown as Collections['history']),
    exportDeliveries: await ids(db.exportDeliveries as unknown as Collections['history']),
  };
}

const LIVE = {
  history: ['acme:fresh'],
  historyParts: ['acme:fresh:0'],
  itemTombstones: ['acme:products:fresh'],
  syncNames: ['acme:fresh:r:0'],
  exportDeliveries: [2, 3, 4].map((n) => deliveryIdOf('e1', 0, n)),
};

describe('expiry: the purge', () => {
  const env = isolatedEnv('expiry');
  let mongo: Connection;

  beforeAll(async () => {
    mongo = await connectMongo(env.MONGO_URL, 'test');
  });
  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
  });

  it('when the purge runs, then what expired goes from every collection that expires, and the rest stays', async () => {
    const db = collections(mongo);
    const now = Date.now();
    await seed(db, now);
    expect(await purgeExpired(db, new Date(now))).toBe(5);
    expect(await remaining(db)).toEqual(LIVE);
  });

  it('when workers start where the engine has no TTL indexes, then one hourly purge is scheduled however many start', async () => {
    // Schedules are of no tenant: they live on the first shard's queue.
    const keys = testKeys(env.QUEUE_PREFIX);
    const connection = testRedis();
    const queueOfWorker = () =>
      new Queue(FUNNEL_QUEUE, { connection, prefix: keys.ofShard(keys.shards.first) });
    const workers = [1, 2, 3].map(queueOfWorker);
    const [queue] = workers as [Queue];
    try {
      await Promise.all(
        workers.map((ofWorker) =>
          applySchedules(ofWorker, [{ schedule: PURGE_SCHEDULE, enabled: true }]),
        ),
      );
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.every])).toEqual([[PURGE_SCHEDULE.id, HOUR]]);
      await applySchedules(queue, [{ schedule: PURGE_SCHEDULE, enabled: false }]);
      expect(await queue.getJobSchedulers()).toEqual([]);
    } finally {
      await Promise.all(workers.map((ofWorker) => ofWorker.close()));
      connection.disconnect();
    }
  });
});

describe('expiry: a worker', () => {
  it('when a worker starts, then expired documents go by TTL index or by its purge, and the rest stays', async () => {
    const api = await startTestApi('expiry-worker', EXPORT_TEST_ENV);
    const db = api.context.db;
    await seed(db, Date.now());
    const worker = await startTestWorker({ ...api.env, ...EXPORT_TEST_ENV });
    try {
      if (worker.composed.engine.name === 'mongodb') {
        // The TTL monitor's pass is the server's, once a minute: the indexes are what we own.
        const expiring = [
          'history',
          'historyParts',
          'itemTombstones',
          'syncNames',
          'exportDeliveries',
        ];
        for (const collection of expiring) {
          const indexes = await db[collection as 'history'].listIndexes().toArray();
          expect(indexes).toContainEqual(expect.objectContaining({ expireAfterSeconds: 0 }));
        }
        return;
      }
      // An hourly schedule's first run comes at once.
      await worker.waitForLog((line) => line.msg === 'expired documents purged');
      expect(await remaining(db)).toEqual(LIVE);
    } finally {
      await worker.stop();
      await api.close();
    }
  });
});

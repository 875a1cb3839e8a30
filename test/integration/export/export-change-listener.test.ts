/**
 * The export's listener on the change log: told of a tenant's new changes, it queues a dispatch
 * for each active export of the tenant, and none for a paused one.
 */
import type { Connection } from 'mongoose';
import { ExportChangeListener } from '../../../core/export/wake-ups/export-change-listener';
import { dispatchJobId } from '../../../core/export/export-jobs';
import { ExportQueue } from '../../../core/export/export-queue';
import type { ExportDocument } from '../../../core/export/export-record';
import { createLogger } from '../../../core/platform/logger';
import { connectMongo } from '../../../core/mongo/connection';
import { collections, type Collections } from '../../../core/storage/collections';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniqueMongoUrl, uniquePrefix } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

describe('ExportChangeListener', () => {
  let mongo: Connection;
  let redis: RedisClient;
  let db: Collections;
  let queue: ExportQueue;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('exportlistener'), 'test');
    redis = testRedis();
    db = collections(mongo);
    queue = new ExportQueue(redis, testKeys(uniquePrefix('exportlistener')));
    // Closed before it is ready, a queue reports the closed connection as an unhandled error.
    await queue.queues.waitUntilReady();
  });
  afterAll(async () => {
    await queue.close();
    await redis.quit();
    await mongo.dropDatabase();
    await mongo.close();
  });

  const exportOf = (tenant: string, state: ExportDocument['state']) =>
    ({ _id: `${tenant}:e1`, id: 'e1', tenant, state }) as unknown as ExportDocument;

  const queued = async (tenant: string) =>
    (await queue.of(tenant).getJob(dispatchJobId({ tenant, exportId: 'e1' }))) !== undefined;

  it('when a tenant with an active export has changes, then its dispatch is queued; paused, not', async () => {
    await db.exports.insertMany([exportOf('active', 'active'), exportOf('paused', 'paused')]);
    const listener = new ExportChangeListener(db, queue, createLogger('t', 'silent'));
    listener.changed('paused', 1);
    listener.changed('active', 1);
    await waitUntil(() => queued('active'), Boolean, { what: 'the active export’s dispatch' });
    // Each lookup queues what it finds; the paused tenant's finds nothing to queue.
    expect(await queued('paused')).toBe(false);
  });
});

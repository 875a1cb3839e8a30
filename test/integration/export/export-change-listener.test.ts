/**
 * The export's listener on the change log: it follows a tenant (so the writers keep their items'
 * recent states) exactly while the tenant has an active export.
 */
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { ExportChangeListener } from '../../../core/export/export-change-listener';
import { ExportQueue } from '../../../core/export/export-queue';
import type { ExportDocument } from '../../../core/export/export-record';
import { createLogger } from '../../../core/logging/logger';
import { connectMongo } from '../../../core/mongo/connection';
import { collections, type Collections } from '../../../core/store/collections';
import { redisUrl, uniqueMongoUrl, uniquePrefix } from '../../support/test-env';

describe('ExportChangeListener', () => {
  let mongo: Connection;
  let redis: Redis;
  let db: Collections;
  let queue: ExportQueue;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('exportlistener'), 'test');
    redis = new Redis(redisUrl(), { maxRetriesPerRequest: null });
    db = collections(mongo);
    queue = new ExportQueue(redis, uniquePrefix('exportlistener'));
    // Closed before it is ready, a queue reports the closed connection as an unhandled error.
    await queue.queue.waitUntilReady();
  });
  afterAll(async () => {
    await queue.close();
    await redis.quit();
    await mongo.dropDatabase();
    await mongo.close();
  });

  const exportOf = (tenant: string, state: ExportDocument['state']) =>
    ({ _id: `${tenant}:e1`, id: 'e1', tenant, state }) as unknown as ExportDocument;

  it('when a tenant has an active export, then it is followed; paused or without one, not', async () => {
    await db.exports.insertMany([exportOf('active', 'active'), exportOf('paused', 'paused')]);
    const listener = new ExportChangeListener(db, queue, createLogger('t', 'silent'));
    expect(await listener.follows('active')).toBe(true);
    expect(await listener.follows('paused')).toBe(false);
    expect(await listener.follows('none')).toBe(false);
  });
});

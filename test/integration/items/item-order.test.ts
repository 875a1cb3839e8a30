/**
 * Receipt order (docs/storage.md#receipt-order): requests take effect in the order they were
 * received, whatever order their writes reach the store in: each scenario one request at a time,
 * then a concurrent mix with the write lock.
 */
import { transactionsOf } from '../../../core/mongo/transactions';
import type { Connection } from 'mongoose';
import fc from 'fast-check';
import { collections, type Collections } from '../../../core/storage/collections';
import type { StorageEngine } from '../../../core/storage/engines/storage-engine';
import { connectMongo } from '../../../core/mongo/connection';
import { redisWriteLock } from '../../../core/items/write-lock';
import { createLogger } from '../../../core/platform/logger';
import { ItemStore, type ItemWrite } from '../../../core/items/item-store';
import { detectedEngine } from '../../support/storage-engines';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniqueMongoUrl, uniquePrefix } from '../../support/test-env';
import { at } from './writer-fixture';
import { propertyRuns } from '../../support/property-runs';

const write = (identifier: string, name: string): ItemWrite => ({
  identifier,
  set: { name, properties: { source: name } },
  unset: { fields: [], properties: [] },
  funnelId: 'erp',
});

describe('the order of writes and deletes', () => {
  let mongo: Connection;
  let db: Collections;
  let redis: RedisClient;
  let contentTypeCount = 0;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('itemorder'), 'test');
    db = collections(mongo);
    redis = testRedis();
  });

  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
    redis.disconnect();
  });

  /** A fresh content type per test: scenarios do not see each other's items or tombstones. */
  const freshContentType = () => `ct${(contentTypeCount += 1)}`;
  const storedName = async (contentType: string, identifier: string) =>
    (await db.items.findOne({ _id: `acme:${contentType}:${identifier}` }))?.name;

  describe('one request at a time', () => {
    let engine: StorageEngine;
    beforeAll(async () => {
      engine = await detectedEngine(mongo);
    });
    const store = () => new ItemStore(db, engine, transactionsOf(mongo));

    it('when an older POST is written after a newer one, then the newer value stays', async () => {
      const ct = freshContentType();
      await store().upsert('acme', ct, [write('A', 'newer')], at(2));
      await store().upsert('acme', ct, [write('A', 'older')], at(1));
      expect(await storedName(ct, 'A')).toBe('newer');
    });

    it('when an older POST is written after a newer DELETE, then the item stays deleted', async () => {
      const ct = freshContentType();
      await store().upsert('acme', ct, [write('A', 'first')], at(1));
      expect(await store().delete('acme', ct, ['A'], at(3))).toEqual(new Set(['A']));
      await store().upsert('acme', ct, [write('A', 'late'), write('B', 'late')], at(2));
      expect(await storedName(ct, 'A')).toBeUndefined();
      expect(await storedName(ct, 'B')).toBe('late');
    });

    it('when a DELETE found nothing and an older POST is written after it, then nothing is created', async () => {
      const ct = freshContentType();
      expect(await store().delete('acme', ct, ['A'], at(3))).toEqual(new Set());
      await store().upsert('acme', ct, [write('A', 'late')], at(2));
      expect(await storedName(ct, 'A')).toBeUndefined();
    });

    it('when a POST received after a DELETE is written, then the item is created again', async () => {
      const ct = freshContentType();
      await store().delete('acme', ct, ['A'], at(3));
      await store().upsert('acme', ct, [write('A', 'newer')], at(4));
      expect(await storedName(ct, 'A')).toBe('newer');
    });

    it('when an older DELETE runs after a newer POST, then the item stays', async () => {
      const ct = freshContentType();
      await store().upsert('acme', ct, [write('A', 'first')], at(1));
      await store().upsert('acme', ct, [write('A', 'newer')], at(5));
      await store().delete('acme', ct, ['A'], at(3));
      expect(await storedName(ct, 'A')).toBe('newer');
    });

    it('when the request accepted later carries the earlier clock, then the receipt sequence decides', async () => {
      const ct = freshContentType();
      await store().upsert('acme', ct, [write('A', 'accepted second')], at(2, 1));
      await store().upsert('acme', ct, [write('A', 'accepted first')], at(1, 5));
      expect(await storedName(ct, 'A')).toBe('accepted second');
      await store().delete('acme', ct, ['A'], at(3, 0));
      expect(await storedName(ct, 'A')).toBeUndefined();
    });

    it('when a DELETE, its older POST and a newer POST land in any order, then the newest wins', async () => {
      const ct = freshContentType();
      await store().upsert('acme', ct, [write('A', 'newest')], at(6));
      await store().delete('acme', ct, ['A'], at(4));
      await store().upsert('acme', ct, [write('A', 'oldest')], at(2));
      expect(await storedName(ct, 'A')).toBe('newest');
    });
  });

  it('when POSTs and DELETEs of one item run concurrently in any order, then the last received wins', async () => {
    const engine = await detectedEngine(mongo);
    const lock = redisWriteLock(
      redis,
      testKeys(uniquePrefix('itemorder')),
      createLogger('test', 'silent'),
    );
    const operation = fc.record({ deletes: fc.boolean(), padding: fc.nat({ max: 200 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 2, maxLength: 6 }), async (operations) => {
        const ct = freshContentType();
        const store = new ItemStore(db, engine, transactionsOf(mongo), { writeLock: lock });
        // Operation i was received at second i; each runs concurrently with the others, and a
        // POST carries `padding` other items so that its writes take different times.
        await Promise.all(
          operations.map(({ deletes, padding }, second) => {
            if (deletes) return store.delete('acme', ct, ['A'], at(second));
            const others = Array.from({ length: padding }, (_, i) => write(`P${second}-${i}`, ''));
            return store.upsert('acme', ct, [...others, write('A', `post ${second}`)], at(second));
          }),
        );
        const last = operations.length - 1;
        const expected = operations[last]?.deletes ? undefined : `post ${last}`;
        expect(await storedName(ct, 'A')).toBe(expected);
        // The other items of each POST were written, whatever happened to A.
        const padding = operations.reduce((sum, op) => sum + (op.deletes ? 0 : op.padding), 0);
        const stored = await db.items.countDocuments({ tenant: 'acme', contentType: ct });
        expect(stored).toBe(padding + (expected === undefined ? 0 : 1));
      }),
      { numRuns: propertyRuns(10) },
    );
  }, 180_000);
});

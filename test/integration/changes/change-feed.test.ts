/**
 * What readers of the change log get (docs/changes.md#what-readers-get): every record with its item
 * as it is now; of one item's records in one read only the last; a record whose item changed again
 * since carries the newer state, so no reader gets an older version after a newer one. Alike
 * with each storage engine's adapter.
 */
import { transactionsOf } from '../../../core/mongo/transactions';
import type { Connection } from 'mongoose';
import { ChangeFeed } from '../../../core/changes/change-feed';
import { NO_CHANGE_LISTENER } from '../../../core/changes/change-listener';
import { ChangeDiffs } from '../../../core/changes/change-diffs';
import { ChangeLogSink } from '../../../core/changes/change-log-sink';
import { ChangeLogStore } from '../../../core/changes/change-log-store';
import type { ChangeDocument } from '../../../core/changes/change-record';
import { ItemStore } from '../../../core/items/item-store';
import { redisWriteLock } from '../../../core/items/write-lock';
import { createLogger } from '../../../core/platform/logger';
import { connectMongo } from '../../../core/mongo/connection';
import { collections } from '../../../core/storage/collections';
import { detectedEngine, ensureTestIndexes } from '../../support/storage-engines';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniqueMongoUrl, uniquePrefix } from '../../support/test-env';
import { at, write } from '../items/writer-fixture';

describe('ChangeFeed: the change log as readers get it', () => {
  let mongo: Connection;
  let redis: RedisClient;
  let store: ItemStore;
  let log: ChangeLogStore;
  let feed: ChangeFeed;
  let tenants = 0;
  const fresh = () => `t${(tenants += 1)}`;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('changefeed'), 'test');
    redis = testRedis();
    const db = collections(mongo);
    const engine = await detectedEngine(mongo);
    await ensureTestIndexes(mongo);
    const lock = redisWriteLock(
      redis,
      testKeys(uniquePrefix('changefeed')),
      createLogger('t', 'silent'),
    );
    log = new ChangeLogStore(db, engine.changeBatches);
    store = new ItemStore(db, engine, transactionsOf(mongo), {
      writeLock: lock,
      changes: new ChangeLogSink(log, NO_CHANGE_LISTENER, new ChangeDiffs(db, 30)),
    });
    feed = new ChangeFeed(log, db, engine.batches);
  });
  afterAll(async () => {
    redis.disconnect();
    await mongo.dropDatabase();
    await mongo.close();
  });

  const summary = (changes: ChangeDocument[]) =>
    changes.map((c) => `${c.seq} ${c.event} ${c.identifier} v${c.version} ${c.item?.name ?? '-'}`);

  it('when records are read, then each carries its item as it is, and its place in the log', async () => {
    const tenant = fresh();
    await store.upsert(tenant, 'products', [write('A', 'Shoe', 'red'), write('B', 'Boot')], at(1));
    const [first] = await feed.readAfter(tenant, 0, 10);
    expect(first).toMatchObject({
      seq: 1,
      event: 'created',
      contentType: 'products',
      identifier: 'A',
      version: 1,
      item: { identifier: 'A', name: 'Shoe', properties: { color: 'red' } },
    });
    expect(typeof first?.item?.createdAt).toBe('string');
    expect(await feed.head(tenant)).toBe(2);
  });

  it('when one item has several records in a read, then only its last is answered, as it is now', async () => {
    const tenant = fresh();
    await store.upsert(tenant, 'products', [write('A', 'one')], at(1));
    await store.upsert(tenant, 'products', [write('B', 'bee')], at(2));
    await store.upsert(tenant, 'products', [write('A', 'two')], at(3));
    expect(summary(await feed.readAfter(tenant, 0, 10))).toEqual([
      '2 created B v1 bee',
      '3 updated A v2 two',
    ]);
    // Read one at a time, the first record of A already shows its newer state: never older after newer.
    expect(summary(await feed.readAfter(tenant, 0, 1))).toEqual(['1 updated A v2 two']);
  });

  it('when an item is deleted after its record, then the record reads as the deletion', async () => {
    const tenant = fresh();
    await store.upsert(tenant, 'products', [write('A', 'Shoe')], at(1));
    await store.delete(tenant, 'products', ['A'], at(2));
    expect(summary(await feed.readAfter(tenant, 0, 1))).toEqual(['1 deleted A v2 -']);
  });

  it('when a deleted item comes back, then its deletion record reads as its creation', async () => {
    const tenant = fresh();
    await store.upsert(tenant, 'products', [write('A', 'Shoe')], at(1));
    await store.delete(tenant, 'products', ['A'], at(2));
    await store.upsert(tenant, 'products', [write('A', 'Again')], at(3));
    expect(summary(await feed.readAfter(tenant, 1, 1))).toEqual(['2 created A v3 Again']);
    expect(summary(await feed.readAfter(tenant, 2, 1))).toEqual(['3 created A v3 Again']);
  });

  it('when a reader follows the log while writers write, then the versions it gets of an item only grow', async () => {
    const tenant = fresh();
    const seen = new Map<string, number[]>();
    let writing = true;
    const follow = (async () => {
      let after = 0;
      for (;;) {
        const done = !writing;
        const page = await feed.readAfter(tenant, after, 3);
        for (const change of page) {
          seen.set(change.identifier, [...(seen.get(change.identifier) ?? []), change.version]);
        }
        after = page.at(-1)?.seq ?? after;
        if (done && page.length === 0) return;
      }
    })();
    for (let n = 1; n <= 12; n += 1) {
      await store.upsert(tenant, 'products', [write('A', `a${n}`), write(`own${n}`, 'x')], at(n));
    }
    writing = false;
    await follow;
    const versions = seen.get('A') ?? [];
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(versions.at(-1)).toBe(12);
    for (let n = 1; n <= 12; n += 1) expect(seen.has(`own${n}`)).toBe(true);
  });
});

/**
 * The change feed with the recent item states (docs/changes.md#recent-item-states): it answers
 * the states the writers kept without reading the store, reads the store for a record the states
 * are older than and keeps what it read, and what the writers keep is exactly what the store
 * holds.
 */
import fc from 'fast-check';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { ChangeFeed } from '../../../core/changes/change-feed';
import { NO_CHANGE_LISTENER, type ChangeListener } from '../../../core/changes/change-listener';
import { ChangeLogSink } from '../../../core/changes/change-log-sink';
import { ChangeLogStore } from '../../../core/changes/change-log-store';
import { RecentItemStates } from '../../../core/changes/recent-item-states';
import type { ItemWrite } from '../../../core/items/item-write';
import { ItemStore } from '../../../core/items/item-store';
import { redisWriteLock } from '../../../core/items/write-lock';
import { createLogger } from '../../../core/logging/logger';
import { connectMongo } from '../../../core/mongo/connection';
import { detectEngine } from '../../../core/mongo/engine';
import { collections, type Collections } from '../../../core/store/collections';
import { ensureIndexes } from '../../../core/store/indexes';
import { redisUrl, uniqueMongoUrl, uniquePrefix } from '../../support/test-env';
import { at, write } from '../items/writer-fixture';

/** An active export's listener: it follows every tenant. */
const FOLLOWED: ChangeListener = { ...NO_CHANGE_LISTENER, follows: () => Promise.resolve(true) };

describe('ChangeFeed with the recent item states', () => {
  let mongo: Connection;
  let redis: Redis;
  let db: Collections;
  let recent: RecentItemStates;
  /** Writes keep their items' states; `storeOnly` writes as a writer that keeps none. */
  let store: ItemStore;
  let storeOnly: ItemStore;
  let feed: ChangeFeed;
  let storeFeed: ChangeFeed;
  let tenants = 0;
  const fresh = () => `t${(tenants += 1)}`;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('changefeedrecent'), 'test');
    redis = new Redis(redisUrl());
    db = collections(mongo);
    await ensureIndexes(db, createLogger('t', 'silent'));
    const engine = await detectEngine(mongo);
    const lock = redisWriteLock(redis, uniquePrefix('feedrecent'), createLogger('t', 'silent'));
    const log = new ChangeLogStore(db, engine);
    recent = new RecentItemStates(redis, uniquePrefix('recent'), 60_000);
    store = new ItemStore(db, engine, lock, new ChangeLogSink(log, FOLLOWED, recent));
    // Nobody follows its tenants (no active export): it keeps no states.
    storeOnly = new ItemStore(db, engine, lock, new ChangeLogSink(log, NO_CHANGE_LISTENER, recent));
    feed = new ChangeFeed(log, db, engine, recent);
    storeFeed = new ChangeFeed(log, db, engine);
  });
  afterAll(async () => {
    redis.disconnect();
    await mongo.dropDatabase();
    await mongo.close();
  });

  it('when the recent states hold an item at its record’s version, then the feed answers them without the store', async () => {
    const tenant = fresh();
    await store.upsert(tenant, 'products', [write('A', 'Shoe')], at(1));
    // Changed behind the writers' back: only a read of the store would see it.
    await db.items.updateOne({ _id: `${tenant}:products:A` }, { $set: { name: 'behind' } });
    const [change] = await feed.readAfter(tenant, 0, 10);
    expect(change).toMatchObject({ version: 1, item: { name: 'Shoe' } });
  });

  it('when the recent state is older than the record, then the store is read and what it holds is kept', async () => {
    const tenant = fresh();
    await store.upsert(tenant, 'products', [write('A', 'one')], at(1));
    await storeOnly.upsert(tenant, 'products', [write('A', 'two')], at(2));
    const changes = await feed.readAfter(tenant, 0, 10);
    expect(changes.map((c) => [c.version, c.item?.name])).toEqual([[2, 'two']]);
    const kept = await recent.recall({ tenant, contentType: 'products' }, ['A']);
    expect(kept.states.get('A')).toMatchObject({ version: 2, item: { name: 'two' } });
  });

  it('when nobody follows the tenant’s changes, then the writers keep no states', async () => {
    const tenant = fresh();
    await storeOnly.upsert(tenant, 'products', [write('A', 'Shoe')], at(1));
    expect((await recent.recall({ tenant, contentType: 'products' }, ['A'])).states.size).toBe(0);
    expect(await feed.readAfter(tenant, 0, 10)).toMatchObject([{ item: { name: 'Shoe' } }]);
  });

  it('when the item was deleted, then the feed answers the deletion from the recent states', async () => {
    const tenant = fresh();
    await store.upsert(tenant, 'products', [write('A', 'Shoe')], at(1));
    await store.delete(tenant, 'products', ['A'], at(2));
    const kept = await recent.recall({ tenant, contentType: 'products' }, ['A']);
    expect(kept.states.get('A')).toEqual({ version: 2, item: null });
    expect(await feed.readAfter(tenant, 0, 10)).toMatchObject([
      { seq: 2, event: 'deleted', version: 2, item: null },
    ]);
  });

  type Step =
    | {
        kind: 'write';
        identifier: string;
        name?: string;
        properties: Record<string, unknown>;
        unset: string[];
      }
    | { kind: 'delete'; identifiers: string[] };
  const identifier = fc.constantFrom('A', 'B', 'C');
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('write' as const),
      identifier,
      name: fc.option(fc.constantFrom('Shoe', 'Boot', 'Sock'), { nil: undefined }),
      properties: fc.dictionary(
        fc.constantFrom('color', 'size', 'tags'),
        fc.oneof(
          fc.constantFrom('red', 'blue'),
          fc.integer({ min: 0, max: 3 }),
          fc.array(fc.boolean(), { maxLength: 2 }),
        ),
      ),
      unset: fc.subarray(['name', 'image', 'color', 'size']),
    }),
    fc.record({
      kind: fc.constant('delete' as const),
      identifiers: fc.subarray(['A', 'B', 'C'], { minLength: 1 }),
    }),
  );

  const itemWrite = (s: Extract<Step, { kind: 'write' }>): ItemWrite => ({
    identifier: s.identifier,
    set: { ...(s.name === undefined ? {} : { name: s.name }), properties: s.properties },
    unset: {
      fields: s.unset.filter((field) =>
        field === 'name' ? s.name === undefined : field === 'image',
      ),
      properties: s.unset.filter(
        (key) => key !== 'name' && key !== 'image' && !(key in s.properties),
      ),
    },
  });

  it('when writes and deletes of any kind run, then the states the writers keep are the ones the store holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const tenant = fresh();
        for (const [i, s] of steps.entries()) {
          if (s.kind === 'write') await store.upsert(tenant, 'products', [itemWrite(s)], at(i + 1));
          else await store.delete(tenant, 'products', s.identifiers, at(i + 1));
        }
        const fromRecent = await feed.readAfter(tenant, 0, 100);
        const fromStore = await storeFeed.readAfter(tenant, 0, 100);
        expect(fromRecent).toEqual(fromStore);
      }),
      { numRuns: 30 },
    );
  });
});

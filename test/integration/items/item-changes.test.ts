/**
 * What the item store tells the change log: a change per write or delete that changed something,
 * numbered per item, in the order made; nothing for a write that changed nothing or that a later
 * request overrides; and, when a writer dies before its changes are recorded, neither its writes
 * nor their records are kept.
 */
import type { Connection } from 'mongoose';
import type { ItemChange, ItemChangeSink } from '../../../core/items/item-change';
import { ItemStore } from '../../../core/items/item-store';
import { redisWriteLock } from '../../../core/items/write-lock';
import { createLogger } from '../../../core/platform/logger';
import { connectMongo } from '../../../core/mongo/connection';
import { transactionsOf } from '../../../core/mongo/transactions';
import { detectedEngine } from '../../support/storage-engines';
import { collections } from '../../../core/storage/collections';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniqueMongoUrl, uniquePrefix } from '../../support/test-env';
import { at, write } from './writer-fixture';

/** A sink that keeps what it is told, and can be made to fail as a dying worker would. */
class RecordingSink implements ItemChangeSink {
  readonly changes: ItemChange[] = [];
  failNext = false;

  record(
    _scope: { tenant: string; contentType: string },
    changes: readonly ItemChange[],
  ): Promise<() => void> {
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('the worker died'));
    }
    this.changes.push(...changes);
    return Promise.resolve(() => undefined);
  }

  take(): string[] {
    return this.changes
      .splice(0)
      .map((change) => `${change.event} ${change.identifier} v${change.version}`);
  }
}

describe('ItemStore: the changes it records', () => {
  let mongo: Connection;
  let redis: RedisClient;
  let sink: RecordingSink;
  let store: ItemStore;
  let contentTypes = 0;
  const fresh = () => `ct${(contentTypes += 1)}`;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('itemchanges'), 'test');
    redis = testRedis();
    const lock = redisWriteLock(
      redis,
      testKeys(uniquePrefix('itemchanges')),
      createLogger('t', 'silent'),
    );
    sink = new RecordingSink();
    store = new ItemStore(collections(mongo), await detectedEngine(mongo), transactionsOf(mongo), {
      writeLock: lock,
      changes: sink,
    });
  });
  afterAll(async () => {
    redis.disconnect();
    await mongo.dropDatabase();
    await mongo.close();
  });
  beforeEach(() => sink.take());

  it('when items are new, then each is created at version 1, with its content', async () => {
    const ct = fresh();
    await store.upsert('acme', ct, [write('A', 'Shoe', 'red'), write('B', 'Boot')], at(1));
    expect(sink.take().sort()).toEqual(['created A v1', 'created B v1']);
  });

  it('when a write changes an item, then it is updated at the next version, stored with it', async () => {
    const ct = fresh();
    await store.upsert('acme', ct, [write('A', 'Shoe', 'red')], at(1));
    sink.take();
    await store.upsert('acme', ct, [write('A', 'Shoe', 'blue')], at(2));
    expect(sink.take()).toEqual(['updated A v2']);
    expect(await collections(mongo).items.findOne({ _id: `acme:${ct}:A` })).toMatchObject({
      properties: { color: 'blue' },
      version: 2,
    });
  });

  it('when a write changes nothing, then no change and no new version, yet its receipt counts', async () => {
    const ct = fresh();
    await store.upsert('acme', ct, [write('A', 'Shoe', 'red')], at(1));
    sink.take();
    await store.upsert('acme', ct, [write('A', 'Shoe', 'red')], at(3));
    expect(sink.take()).toEqual([]);
    // An older request that comes late still loses to the one that changed nothing.
    await store.upsert('acme', ct, [write('A', 'Sandal', 'red')], at(2));
    expect(sink.take()).toEqual([]);
    expect(await collections(mongo).items.findOne({ _id: `acme:${ct}:A` })).toMatchObject({
      name: 'Shoe',
      version: 1,
      sequence: 3,
    });
  });

  it('when another funnel sends the same content, then it becomes the item’s writer, without a change', async () => {
    const ct = fresh();
    await store.upsert('acme', ct, [{ ...write('A', 'Shoe'), funnelId: 'erp' }], at(1));
    sink.take();
    await store.upsert('acme', ct, [{ ...write('A', 'Shoe'), funnelId: 'pim' }], at(2));
    expect(sink.take()).toEqual([]);
    expect(await collections(mongo).items.findOne({ _id: `acme:${ct}:A` })).toMatchObject({
      funnelId: 'pim',
      version: 1,
    });
  });

  it('when an item is deleted and created again, then its versions go on', async () => {
    const ct = fresh();
    await store.upsert('acme', ct, [write('A', 'Shoe')], at(1));
    await store.upsert('acme', ct, [write('A', 'Boot')], at(2));
    await store.delete('acme', ct, ['A', 'never-there'], at(3));
    await store.upsert('acme', ct, [write('A', 'Shoe')], at(4));
    expect(sink.take()).toEqual(['created A v1', 'updated A v2', 'deleted A v3', 'created A v4']);
  });

  it('when an older write finishes after a newer delete, then it records nothing', async () => {
    const ct = fresh();
    await store.upsert('acme', ct, [write('A', 'Shoe')], at(1));
    await store.delete('acme', ct, ['A'], at(5));
    sink.take();
    await store.upsert('acme', ct, [write('A', 'late'), write('B', 'late')], at(3));
    expect(sink.take()).toEqual(['created B v1']);
  });

  it('when a writer dies before its changes are recorded, then its writes are taken back with them', async () => {
    const ct = fresh();
    sink.failNext = true;
    await expect(store.upsert('acme', ct, [write('A', 'Shoe')], at(1))).rejects.toThrow('died');
    expect(await store.existing('acme', ct, ['A'])).toEqual(new Set());
    await store.upsert('acme', ct, [write('B', 'Boot')], at(2));
    expect(sink.take()).toEqual(['created B v1']);
  });

  it('when a deleter dies before its changes are recorded, then the item stays, with no record of a deletion', async () => {
    const ct = fresh();
    await store.upsert('acme', ct, [write('A', 'Shoe')], at(1));
    sink.take();
    sink.failNext = true;
    await expect(store.delete('acme', ct, ['A'], at(2))).rejects.toThrow('died');
    expect(await store.existing('acme', ct, ['A'])).toEqual(new Set(['A']));
    await store.upsert('acme', ct, [write('A', 'Boot')], at(3));
    expect(sink.take()).toEqual(['updated A v2']);
  });

  it('when two writers without the lock create one item at once, then it is created once, and the newer write stays', async () => {
    const unlocked = new ItemStore(
      collections(mongo),
      await detectedEngine(mongo),
      transactionsOf(mongo),
      {
        changes: sink,
      },
    );
    const ct = fresh();
    sink.take();
    const identifiers = Array.from({ length: 20 }, (_, i) => `racing-${i}`);
    await Promise.all(
      identifiers.flatMap((identifier) => [
        unlocked.upsert('acme', ct, [write(identifier, 'first')], at(1)),
        unlocked.upsert('acme', ct, [write(identifier, 'second')], at(2)),
      ]),
    );
    const byItem = new Map<string, string[]>();
    for (const change of sink.take()) {
      const [event, identifier, version] = change.split(' ');
      byItem.set(identifier ?? '', [
        ...(byItem.get(identifier ?? '') ?? []),
        `${event} ${version}`,
      ]);
    }
    // The older write lands first (created, then updated by the newer) or after the newer one
    // (skipped): never a second creation.
    for (const identifier of identifiers) {
      const changes = byItem.get(identifier)?.sort();
      expect([identifier, changes]).toEqual([
        identifier,
        changes?.length === 1 ? ['created v1'] : ['created v1', 'updated v2'],
      ]);
    }
    const stored = await collections(mongo)
      .items.find({ tenant: 'acme', contentType: ct })
      .toArray();
    expect(stored.map((item) => [item.name, item.sequence])).toEqual(
      identifiers.map(() => ['second', at(2).sequence]),
    );
  });
});

/**
 * Several requests written at once (docs/storage.md#requests-written-together): the outcome is
 * that of writing them one after another (compared on a second tenant), for one lock, one change
 * intent and one record of the changes.
 */
import type { ItemWrite, RequestWrites } from '../../../core/items/item-store';
import { ItemStore } from '../../../core/items/item-store';
import { redisWriteLock, type WriteLock } from '../../../core/items/write-lock';
import { createLogger } from '../../../core/platform/logger';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniquePrefix } from '../../support/test-env';
import { GROUP_TENANT, TenantSink, bothWays, runSteps, type Outcome } from './support/both-ways';
import { at, write, writerDatabase, type WriterDatabase } from './writer-fixture';

const withFunnel = (item: ItemWrite, funnelId: string): ItemWrite => ({ ...item, funnelId });
const unsetColor = (item: ItemWrite): ItemWrite => ({
  ...item,
  unset: { fields: [], properties: ['color'] },
});

function expectSame({ group, oneByOne }: { group: Outcome; oneByOne: Outcome }): void {
  expect(group.items).toEqual(oneByOne.items);
  expect(group.changesPerItem).toEqual(oneByOne.changesPerItem);
  expect([...group.changes].sort()).toEqual([...oneByOne.changes].sort());
  expect(group.sinkCalls).toBe(1);
}

describe('ItemStore.upsertRequests: several requests written at once', () => {
  let database: WriterDatabase;
  let redis: RedisClient;
  let lock: WriteLock;
  let locksTaken = 0;
  const sink = new TenantSink();

  beforeAll(async () => {
    database = await writerDatabase('upsertrequests');
    redis = testRedis();
    const redisLock = redisWriteLock(
      redis,
      testKeys(uniquePrefix('upsertrequests')),
      createLogger('t', 'silent'),
    );
    lock = {
      around: (tenant, contentType, work) => {
        locksTaken += 1;
        return redisLock.around(tenant, contentType, work);
      },
    };
  });
  afterAll(async () => {
    redis.disconnect();
    await database.close();
  });

  describe('on the write path', () => {
    let store: ItemStore;
    beforeAll(() => {
      store = new ItemStore(database.db, database.engine, database.transactions, {
        writeLock: lock,
        changes: sink,
      });
    });
    const fresh = () => database.freshScope().contentType;
    const group = (ct: string, requests: RequestWrites[]) =>
      bothWays(store, database.db, sink, ct, [], requests);

    it('when the requests write different items, then each item has its own request’s receipt', async () => {
      const ct = fresh();
      const outcome = await group(ct, [
        { writes: [write('A', 'Shoe', 'red'), write('B', 'Boot')], receipt: at(1) },
        { writes: [write('C', 'Sock')], receipt: at(2) },
        { writes: [withFunnel(write('D', 'Hat'), 'pim')], receipt: at(3) },
      ]);
      expectSame(outcome);
      expect(outcome.group.changes).toEqual([
        'created A v1',
        'created B v1',
        'created C v1',
        'created D v1',
      ]);
      expect(outcome.group.items).toMatchObject([
        { identifier: 'A', sequence: 1, receivedAt: at(1).receivedAt },
        { identifier: 'B', sequence: 1 },
        { identifier: 'C', sequence: 2, receivedAt: at(2).receivedAt },
        { identifier: 'D', sequence: 3, funnelId: 'pim' },
      ]);
    });

    it('when three requests write one item, changing it or not, then each change is one version', async () => {
      const ct = fresh();
      const before = [{ upsert: [write('A', 'Shoe', 'red')], receipt: at(1) }];
      const outcome = await bothWays(store, database.db, sink, ct, before, [
        { writes: [write('A', 'Shoe', 'blue'), write('B', 'Boot')], receipt: at(2) },
        // The same content from another funnel: only the receipt and the funnel move on.
        { writes: [withFunnel(write('A', 'Shoe', 'blue'), 'pim')], receipt: at(3) },
        { writes: [unsetColor(write('A', 'Sandal')), write('B', 'Clog')], receipt: at(4) },
      ]);
      expectSame(outcome);
      expect(outcome.group.changesPerItem).toEqual({
        A: ['updated A v2', 'updated A v3'],
        B: ['created B v1', 'updated B v2'],
      });
      expect(outcome.group.items[0]).toMatchObject({
        name: 'Sandal',
        properties: {},
        version: 3,
        sequence: 4,
        // The last writer's.
        funnelId: 'erp',
      });
    });

    it('when a request received after some of the group wrote an item already, then their writes of it are skipped', async () => {
      const ct = fresh();
      const before = [{ upsert: [write('A', 'newer')], receipt: at(5) }];
      const outcome = await bothWays(store, database.db, sink, ct, before, [
        { writes: [write('A', 'older'), write('B', 'Boot')], receipt: at(2) },
        { writes: [write('A', 'old')], receipt: at(3) },
        { writes: [write('A', 'newest')], receipt: at(6) },
      ]);
      expectSame(outcome);
      expect(outcome.group.changesPerItem).toEqual({ A: ['updated A v2'], B: ['created B v1'] });
      expect(outcome.group.items[0]).toMatchObject({ name: 'newest', sequence: 6, version: 2 });
    });

    it('when a DELETE was received between two requests of the group, then only the earlier one’s write is taken back', async () => {
      const ct = fresh();
      const before = [
        { upsert: [write('A', 'Shoe')], receipt: at(1) },
        { delete: ['A', 'B'], receipt: at(3) },
      ];
      const outcome = await bothWays(store, database.db, sink, ct, before, [
        {
          writes: [write('A', 'late', 'red'), write('B', 'late'), write('C', 'Sock')],
          receipt: at(2),
        },
        { writes: [write('A', 'again')], receipt: at(4) },
      ]);
      expectSame(outcome);
      // A comes back from the later request alone (none of the earlier one's content), going on
      // from the version its deletion left; B stays deleted.
      expect(outcome.group.changes).toEqual(['created C v1', 'created A v3']);
      expect(outcome.group.items.map((item) => item.identifier)).toEqual(['A', 'C']);
      expect(outcome.group.items[0]).toMatchObject({
        name: 'again',
        properties: {},
        version: 3,
        sequence: 4,
      });
    });

    it('when a group’s writer dies before recording, then none of the group’s writes are kept', async () => {
      const ct = fresh();
      sink.failNext = true;
      const requests = [
        { writes: [write('A', 'Shoe'), write('B', 'Boot')], receipt: at(1) },
        { writes: [write('C', 'Sock')], receipt: at(2) },
        { writes: [write('A', 'Sandal')], receipt: at(3) },
      ];
      await expect(store.upsertRequests(GROUP_TENANT, ct, requests)).rejects.toThrow('died');
      expect(sink.take(GROUP_TENANT).changes).toEqual([]);
      expect(await store.existing(GROUP_TENANT, ct, ['A', 'B', 'C'])).toEqual(new Set());
      await store.upsert(GROUP_TENANT, ct, [write('D', 'Hat')], at(4));
      expect(sink.take(GROUP_TENANT).changes).toEqual(['created D v1']);
    });

    /**
     * A content type a DELETE wrote to (so that tombstones are read), whose identifiers' length is
     * known, with nothing counted yet.
     */
    async function deletedOnce(): Promise<string> {
      const ct = fresh();
      await runSteps(store, GROUP_TENANT, ct, [
        { upsert: [write('X', 'Hat')], receipt: at(0) },
        { delete: ['X'], receipt: at(1) },
      ]);
      sink.take(GROUP_TENANT);
      database.reset();
      locksTaken = 0;
      return ct;
    }

    it('when the group is written, then it takes one lock, one transaction, one record and one tombstone read', async () => {
      const ct = await deletedOnce();
      await store.upsertRequests(GROUP_TENANT, ct, [
        { writes: [write('A', 'Shoe'), write('B', 'Boot')], receipt: at(2) },
        { writes: [write('C', 'Sock')], receipt: at(3) },
        { writes: [write('D', 'Hat')], receipt: at(4) },
      ]);
      expect(locksTaken).toBe(1);
      expect(sink.take(GROUP_TENANT).calls).toBe(1);
      const count = (command: string) => database.commands.filter((c) => c === command).length;
      expect(count('commitTransaction:1')).toBe(1);
      // Read once, in the transaction.
      expect(count('find:item_stats')).toBe(1);
      expect(count('update:item_stats')).toBe(0);
      // Once for the group, a list of ids.
      expect(count('find:item_tombstones')).toBe(1);
      // One writer call for all four items: a read and a bulkWrite.
      expect(database.commands.filter((c) => c.endsWith(':items'))).toEqual([
        'find:items',
        'insert:items',
      ]);
    });

    it('when an item is in three requests of the group, then the items go to the engine in three rounds', async () => {
      const ct = await deletedOnce();
      await store.upsertRequests(GROUP_TENANT, ct, [
        { writes: [write('A', 'one'), write('B', 'Boot')], receipt: at(2) },
        { writes: [write('A', 'two'), write('C', 'Sock')], receipt: at(3) },
        { writes: [write('A', 'three')], receipt: at(4) },
      ]);
      expect(locksTaken).toBe(1);
      expect(sink.take(GROUP_TENANT)).toEqual({
        calls: 1,
        // Request by request; an item's changes in the order made.
        changes: ['created A v1', 'created B v1', 'created C v1', 'updated A v2', 'updated A v3'],
      });
      const count = (command: string) => database.commands.filter((c) => c === command).length;
      expect(count('commitTransaction:1')).toBe(1);
      expect(count('find:item_tombstones')).toBe(1);
      // A round begins with a read of the stored items.
      expect(count('find:items')).toBe(3);
    });
  });
});

import type { ContentTypeScope, ItemWrite } from '../../../core/items/item-documents';
import { AsyncResource } from 'node:async_hooks';
import type { Receipt } from '../../../core/redis/receipt-sequence';
import { ItemStats } from '../../../core/items/item-stats';
import { MongoDbItemWriter } from '../../../core/storage/engines/mongodb/mongodb-item-writer';
import type { ItemCollections } from '../../../core/items/item-collections';
import {
  at,
  emptyStats,
  expectEachWriteByItsReceipt,
  write,
  writerDatabase,
  type WriterDatabase,
} from './writer-fixture';

describe("MongoDB's item writer: one read, then guarded upserts", () => {
  let database: WriterDatabase;
  let writer: MongoDbItemWriter;

  beforeAll(async () => {
    database = await writerDatabase('mongowriter');
    writer = new MongoDbItemWriter(database.db, new ItemStats(database.db));
  });
  afterAll(async () => {
    await database.close();
  });

  /** The writes of one request, received as `receipt` says. */
  const upsert = (scope: ContentTypeScope, writes: ItemWrite[], receipt: Receipt) =>
    writer.upsert(
      scope,
      writes.map((item) => ({ write: item, receipt })),
      new Date(),
      new Map(),
      emptyStats(scope),
    );

  const stored = (scope: { tenant: string; contentType: string }, identifier: string) =>
    database.db.items.findOne({ _id: `${scope.tenant}:${scope.contentType}:${identifier}` });

  it('when items are new, then one read and one bulkWrite create them, and the stats are read after it', async () => {
    const scope = database.freshScope();
    database.reset();
    const { stats } = await upsert(scope, [write('A-1', 'Shoe'), write('Boot-22', 'Boot')], at(1));
    expect(database.commands.filter((c) => c.endsWith(':items'))).toEqual([
      'find:items',
      'insert:items',
    ]);
    expect(database.commands.indexOf('insert:items')).toBeLessThan(
      database.commands.findIndex((c) => c.endsWith(':item_stats')),
    );
    expect(stats?.lengths.sort()).toEqual([3, 7]);
    expect(await stored(scope, 'A-1')).toMatchObject({ name: 'Shoe', sequence: 1 });
  });

  it('when an item was written by a later request, then the older write leaves it as it is', async () => {
    const scope = database.freshScope();
    await upsert(scope, [write('A', 'newer')], at(5));
    await upsert(scope, [write('A', 'older')], at(2));
    expect(await stored(scope, 'A')).toMatchObject({ name: 'newer', sequence: 5 });
  });

  it('when an item is written again, then mapped fields change and the others stay', async () => {
    const scope = database.freshScope();
    await upsert(scope, [write('A', 'first', 'red')], at(1));
    await upsert(scope, [write('A', 'second')], at(2));
    expect(await stored(scope, 'A')).toMatchObject({
      name: 'second',
      properties: { color: 'red' },
    });
  });

  it('when one call carries the writes of several requests, then each item is decided and stamped by its own write’s receipt', () =>
    expectEachWriteByItsReceipt(writer, database));

  it('when a request received between two writes of one call writes after the read, then the guard keeps it from the older write only', async () => {
    const scope = database.freshScope();
    await upsert(scope, [write('A', 'stored'), write('B', 'stored')], at(1));
    // Another writer whose lock lease ran out: its writes (received 5th) land between this
    // writer's read and its bulkWrite.
    const items = writeBetweenReadAndWrite(database.db.items, () =>
      upsert(scope, [write('A', 'between'), write('B', 'between')], at(5)).then(() => undefined),
    );
    const racing = new MongoDbItemWriter({ items }, new ItemStats(database.db));
    // The guard's miss collides on `_id`: the transaction runs again, and reads the newer write.
    await database.transactions.run(() =>
      racing.upsert(
        scope,
        [
          { write: write('B', 'newest'), receipt: at(8) },
          { write: write('A', 'older'), receipt: at(3) },
        ],
        new Date(),
        new Map(),
        emptyStats(scope),
      ),
    );
    expect(await stored(scope, 'A')).toMatchObject({ name: 'between', sequence: 5 });
    expect(await stored(scope, 'B')).toMatchObject({ name: 'newest', sequence: 8 });
  });
});

/**
 * The items collection, with `between` run once, after the first read has answered: a write of
 * another process lands between a writer's read and its writes.
 */
function writeBetweenReadAndWrite(
  items: ItemCollections['items'],
  between: () => Promise<void>,
): ItemCollections['items'] {
  // Bound where it is made, outside the writer's transaction: it writes as another process would.
  let pending: (() => Promise<void>) | null = AsyncResource.bind(between);
  return new Proxy(items, {
    get(target, key) {
      if (key === 'find') {
        return (...args: Parameters<typeof target.find>) => {
          const cursor = target.find(...args);
          return {
            toArray: async () => {
              const found = await cursor.toArray();
              const write = pending;
              pending = null;
              if (write) await write();
              return found;
            },
          };
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

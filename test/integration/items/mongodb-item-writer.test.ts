import { ItemStats } from '../../../core/items/item-stats';
import { MongoDbItemWriter } from '../../../core/items/mongodb-item-writer';
import { MONGODB_TRAITS } from '../../../core/mongo/engine';
import { at, write, writerDatabase, type WriterDatabase } from './writer-fixture';

describe("MongoDB's item writer: guarded upserts, no lock", () => {
  let database: WriterDatabase;
  let writer: MongoDbItemWriter;

  beforeAll(async () => {
    database = await writerDatabase('mongowriter');
    writer = new MongoDbItemWriter(database.db, MONGODB_TRAITS, new ItemStats(database.db));
  });
  afterAll(() => database.close());

  const stored = (scope: { tenant: string; contentType: string }, identifier: string) =>
    database.db.items.findOne({ _id: `${scope.tenant}:${scope.contentType}:${identifier}` });

  it('when items are new, then one bulkWrite creates them and the stats are read after it', async () => {
    const scope = database.freshScope();
    database.reset();
    const stats = await writer.upsert(scope, [write('A-1', 'Shoe'), write('Boot-22', 'Boot')], {
      ...at(1),
      now: new Date(),
    });
    expect(database.commands.filter((c) => c.endsWith(':items'))).toEqual(['update:items']);
    expect(database.commands.indexOf('update:items')).toBeLessThan(
      database.commands.findIndex((c) => c.endsWith(':item_stats')),
    );
    expect(stats?.lengths.sort()).toEqual([3, 7]);
    expect(await stored(scope, 'A-1')).toMatchObject({ name: 'Shoe', sequence: 1 });
  });

  it('when an item was written by a later request, then the older write leaves it as it is', async () => {
    const scope = database.freshScope();
    await writer.upsert(scope, [write('A', 'newer')], { ...at(5), now: new Date() });
    await writer.upsert(scope, [write('A', 'older')], { ...at(2), now: new Date() });
    expect(await stored(scope, 'A')).toMatchObject({ name: 'newer', sequence: 5 });
  });

  it('when an item is written again, then mapped fields change and the others stay', async () => {
    const scope = database.freshScope();
    await writer.upsert(scope, [write('A', 'first', 'red')], {
      ...at(1),
      now: new Date(),
    });
    await writer.upsert(scope, [write('A', 'second')], { ...at(2), now: new Date() });
    expect(await stored(scope, 'A')).toMatchObject({
      name: 'second',
      properties: { color: 'red' },
    });
  });

  it('when two requests write the same content type, then neither waits for the other', async () => {
    const scope = database.freshScope();
    let releaseFirst = () => {};
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = writer.exclusive(scope, () => firstHolds);
    await expect(writer.exclusive(scope, () => Promise.resolve('second ran'))).resolves.toBe(
      'second ran',
    );
    releaseFirst();
    await first;
  });
});

import type { ContentTypeScope, ItemWrite, WriteTimes } from '../../../core/items/item-write';
import { Redis } from 'ioredis';
import { redisWriteLock } from '../../../core/items/write-lock';
import { createLogger } from '../../../core/logging/logger';
import { redisUrl, uniquePrefix } from '../../support/test-env';
import { ItemStats } from '../../../core/items/item-stats';
import { MongoDbItemWriter } from '../../../core/items/mongodb-item-writer';
import { MONGODB_TRAITS } from '../../../core/mongo/engine';
import { at, write, writerDatabase, type WriterDatabase } from './writer-fixture';

describe("MongoDB's item writer: one read, then guarded upserts, under the write lock", () => {
  let database: WriterDatabase;
  let redis: Redis;
  let writer: MongoDbItemWriter;

  beforeAll(async () => {
    database = await writerDatabase('mongowriter');
    redis = new Redis(redisUrl());
    const lock = redisWriteLock(redis, uniquePrefix('mongowriter'), createLogger('t', 'silent'));
    writer = new MongoDbItemWriter(database.db, MONGODB_TRAITS, new ItemStats(database.db), lock);
  });
  afterAll(async () => {
    redis.disconnect();
    await database.close();
  });

  const upsert = (scope: ContentTypeScope, writes: ItemWrite[], times: WriteTimes) =>
    writer.upsert(scope, writes, times, new Map());

  const stored = (scope: { tenant: string; contentType: string }, identifier: string) =>
    database.db.items.findOne({ _id: `${scope.tenant}:${scope.contentType}:${identifier}` });

  it('when items are new, then one read and one bulkWrite create them, and the stats are read after it', async () => {
    const scope = database.freshScope();
    database.reset();
    const { stats } = await upsert(scope, [write('A-1', 'Shoe'), write('Boot-22', 'Boot')], {
      ...at(1),
      now: new Date(),
    });
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
    await upsert(scope, [write('A', 'newer')], { ...at(5), now: new Date() });
    await upsert(scope, [write('A', 'older')], { ...at(2), now: new Date() });
    expect(await stored(scope, 'A')).toMatchObject({ name: 'newer', sequence: 5 });
  });

  it('when an item is written again, then mapped fields change and the others stay', async () => {
    const scope = database.freshScope();
    await upsert(scope, [write('A', 'first', 'red')], {
      ...at(1),
      now: new Date(),
    });
    await upsert(scope, [write('A', 'second')], { ...at(2), now: new Date() });
    expect(await stored(scope, 'A')).toMatchObject({
      name: 'second',
      properties: { color: 'red' },
    });
  });
});

import { Redis } from 'ioredis';
import { FerretDbItemWriter } from '../../../core/items/ferretdb-item-writer';
import type { ContentTypeScope, ItemWrite } from '../../../core/items/item-write';
import type { Receipt } from '../../../core/queue/receipt-sequence';
import { ItemStats } from '../../../core/items/item-stats';
import { redisWriteLock } from '../../../core/items/write-lock';
import { createLogger } from '../../../core/logging/logger';
import { FERRETDB_TRAITS } from '../../../core/mongo/engine';
import { redisUrl, uniquePrefix } from '../../support/test-env';
import {
  at,
  expectEachWriteByItsReceipt,
  write,
  writerDatabase,
  type WriterDatabase,
} from './writer-fixture';

describe("FerretDB's item writer: inserts first, updates under the write lock", () => {
  let database: WriterDatabase;
  let redis: Redis;
  let writer: FerretDbItemWriter;

  beforeAll(async () => {
    database = await writerDatabase('ferretwriter');
    redis = new Redis(redisUrl());
    const lock = redisWriteLock(redis, uniquePrefix('ferretwriter'), createLogger('t', 'silent'));
    writer = new FerretDbItemWriter(database.db, FERRETDB_TRAITS, new ItemStats(database.db), lock);
  });
  afterAll(async () => {
    redis.disconnect();
    await database.close();
  });

  /** The writes of one request, received as `receipt` says. */
  const upsert = (scope: ContentTypeScope, writes: ItemWrite[], receipt: Receipt) =>
    writer.upsert(
      scope,
      writes.map((item) => ({ write: item, receipt })),
      new Date(),
      new Map(),
    );

  const stored = (scope: { tenant: string; contentType: string }, identifier: string) =>
    database.db.items.findOne({ _id: `${scope.tenant}:${scope.contentType}:${identifier}` });

  it('when items are new, then they are inserted without reading or updating any item', async () => {
    const scope = database.freshScope();
    database.reset();
    await upsert(scope, [write('A', 'Shoe'), write('B', 'Boot')], at(1));
    expect(database.commands.filter((c) => c.endsWith(':items'))).toEqual(['insert:items']);
    expect(await stored(scope, 'B')).toMatchObject({ name: 'Boot', sequence: 1 });
  });

  it('when some items exist, then only those are read and updated, in one command each', async () => {
    const scope = database.freshScope();
    await upsert(scope, [write('A', 'first', 'red')], at(1));
    database.reset();
    await upsert(scope, [write('A', 'second'), write('B', 'new')], at(2));
    expect(database.commands.filter((c) => c.endsWith(':items'))).toEqual([
      'insert:items',
      'find:items',
      'update:items',
    ]);
    expect(await stored(scope, 'A')).toMatchObject({
      name: 'second',
      properties: { color: 'red' },
    });
    expect(await stored(scope, 'B')).toMatchObject({ name: 'new' });
  });

  it('when an item was written by a later request, then the older write leaves it as it is', async () => {
    const scope = database.freshScope();
    await upsert(scope, [write('A', 'newer')], at(5));
    await upsert(scope, [write('A', 'older'), write('B', 'older')], at(2));
    expect(await stored(scope, 'A')).toMatchObject({ name: 'newer', sequence: 5 });
    expect(await stored(scope, 'B')).toMatchObject({ name: 'older' });
  });

  it('when one call carries the writes of several requests, then each item is decided and stamped by its own write’s receipt', () =>
    expectEachWriteByItsReceipt(writer, database));

  it('when two requests write the same content type, then the second waits for the first', async () => {
    const scope = database.freshScope();
    const events: string[] = [];
    let releaseFirst = () => {};
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstEntered = () => {};
    const entered = new Promise<void>((resolve) => (firstEntered = resolve));
    const first = writer.exclusive(scope, async () => {
      events.push('first in');
      firstEntered();
      await firstHolds;
      events.push('first out');
    });
    await entered;
    const second = writer.exclusive(scope, () => {
      events.push('second in');
      return Promise.resolve();
    });
    // The second is queued behind the lock; the first lets go only now.
    releaseFirst();
    await Promise.all([first, second]);
    expect(events).toEqual(['first in', 'first out', 'second in']);
  });
});

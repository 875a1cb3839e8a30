import { FerretDbItemWriter } from '../../../core/storage/engines/ferretdb/ferretdb-item-writer';
import { ferretDbBatches } from '../../../core/storage/engines/ferretdb/ferretdb-batches';
import type { ContentTypeScope, ItemWrite } from '../../../core/items/item-documents';
import type { Receipt } from '../../../core/redis/receipt-sequence';
import { ItemStats } from '../../../core/items/item-stats';
import {
  at,
  emptyStats,
  expectEachWriteByItsReceipt,
  write,
  writerDatabase,
  type WriterDatabase,
} from './writer-fixture';

describe("FerretDB's item writer: inserts first, then updates what exists", () => {
  let database: WriterDatabase;
  let writer: FerretDbItemWriter;

  beforeAll(async () => {
    database = await writerDatabase('ferretwriter');
    writer = new FerretDbItemWriter(database.db, new ItemStats(database.db), ferretDbBatches());
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
});

/**
 * What each update records of its fields (docs/changes.md#what-each-version-changed), written by
 * the item store through the change log and answered by the API's item changes: each changed
 * field with its label, before and after; a too large value cut and marked; nothing for a write
 * that changes nothing, a creation or a deletion; and one command more for a lone request.
 */
import type { Connection } from 'mongoose';
import { ChangeDiffs } from '../../../core/changes/change-diffs';
import { NO_CHANGE_LISTENER } from '../../../core/changes/change-listener';
import { ChangeLogSink } from '../../../core/changes/change-log-sink';
import { ChangeLogStore } from '../../../core/changes/change-log-store';
import type { ItemWrite } from '../../../core/items/item-documents';
import { MAX_VALUE_BYTES } from '../../../core/items/item-diff';
import { ItemStore } from '../../../core/items/item-store';
import { connectMongo } from '../../../core/mongo/connection';
import { transactionsOf } from '../../../core/mongo/transactions';
import { collections, type Collections } from '../../../core/storage/collections';
import type { StorageEngine } from '../../../core/storage/engines/storage-engine';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { detectedEngine } from '../../support/storage-engines';
import { at, writerDatabase } from '../items/writer-fixture';

const product = (
  identifier: string,
  name: string,
  properties: Record<string, unknown>,
  unset: string[] = [],
): ItemWrite => ({
  identifier,
  set: { name, properties },
  unset: { fields: [], properties: unset },
  funnelId: 'erp',
});

const diffSink = (db: Collections, engine: Pick<StorageEngine, 'changeBatches'>) =>
  new ChangeLogSink(
    new ChangeLogStore(db, engine.changeBatches),
    NO_CHANGE_LISTENER,
    new ChangeDiffs(db, 30),
  );

describe('the diffs of an item’s versions', () => {
  let api: TestApi;
  let mongo: Connection;
  let store: ItemStore;
  let token: string;

  const changesOf = async (identifier: string) => {
    const path = `/api/v1/content-types/products/items/${identifier}/changes`;
    const response = await api.call('GET', path, { token });
    expect(response.status).toBe(200);
    return response.body.items as Record<string, unknown>[];
  };

  beforeAll(async () => {
    api = await startTestApi('item-diffs');
    ({ token } = await api.bootstrap('acme'));
    await api.context.contentTypes.create('acme', 'products', {
      name: 'Products',
      kind: 'product',
      properties: [
        { key: 'color', label: 'Colour', type: 'text', multiple: false },
        { key: 'notes', label: 'Notes', type: 'text', multiple: false },
      ],
    });
    mongo = await connectMongo(api.env.MONGO_URL ?? '', 'test');
    const db = collections(mongo);
    const engine = await detectedEngine(mongo);
    store = new ItemStore(db, engine, transactionsOf(mongo), { changes: diffSink(db, engine) });
  });
  afterAll(async () => {
    await mongo?.close();
    await api?.close();
  });

  it('when an item is updated, then its changes answer each changed field by its label, before and after', async () => {
    await store.upsert('acme', 'products', [product('A', 'Shoe', { color: 'red' })], at(1));
    await store.upsert(
      'acme',
      'products',
      [product('A', 'Boot', { color: 'blue', legacy: 7 })],
      at(2),
    );
    const [updated, created] = await changesOf('A');
    expect(updated).toMatchObject({ event: 'updated', version: 2 });
    expect(updated?.diff).toEqual({
      fields: [
        { field: 'name', label: 'Product Name', before: 'Shoe', after: 'Boot' },
        { field: 'properties.color', label: 'Colour', before: 'red', after: 'blue' },
        // A property the content type does not name goes by its key.
        { field: 'properties.legacy', label: 'legacy', before: null, after: 7 },
      ],
      omitted: 0,
    });
    expect(created).toMatchObject({ event: 'created', version: 1, diff: null });
  });

  it('when a value is too large, then its changes answer the beginning of it, marked cut', async () => {
    const long = 'n'.repeat(5 * MAX_VALUE_BYTES);
    await store.upsert('acme', 'products', [product('B', 'Shoe', { notes: 'short' })], at(3));
    await store.upsert('acme', 'products', [product('B', 'Shoe', { notes: long })], at(4));
    const [updated] = await changesOf('B');
    const [notes] = (updated?.diff as { fields: Record<string, unknown>[] }).fields;
    expect(notes).toMatchObject({ field: 'properties.notes', before: 'short', afterCut: true });
    expect(notes).not.toHaveProperty('beforeCut');
    expect(notes?.after).toBe(JSON.stringify(long).slice(0, MAX_VALUE_BYTES));
  });

  it('when a write changes nothing, then no diff is recorded', async () => {
    await store.upsert('acme', 'products', [product('C', 'Shoe', { color: 'red' })], at(5));
    const diffs = () => collections(mongo).changeDiffs.countDocuments({ tenant: 'acme' });
    const before = await diffs();
    await store.upsert('acme', 'products', [product('C', 'Shoe', { color: 'red' })], at(6));
    expect(await diffs()).toBe(before);
    expect((await changesOf('C')).map((change) => change.event)).toEqual(['created']);
  });

  it('when an item is deleted, then its deletion carries no diff, and the diffs before it stay', async () => {
    await store.upsert('acme', 'products', [product('D', 'Shoe', { color: 'red' })], at(7));
    await store.upsert('acme', 'products', [product('D', 'Shoe', {}, ['color'])], at(8));
    await store.delete('acme', 'products', ['D'], at(9));
    const changes = await changesOf('D');
    expect(changes.map((change) => [change.event, change.diff])).toEqual([
      ['deleted', null],
      [
        'updated',
        {
          fields: [{ field: 'properties.color', label: 'Colour', before: 'red', after: null }],
          omitted: 0,
        },
      ],
      ['created', null],
    ]);
  });
});

describe('the cost of the diffs on the write path', () => {
  it('when a lone request updates items, then its diffs are one insert more, in its transaction', async () => {
    const database = await writerDatabase('itemdiffcost');
    try {
      const db = database.db as Collections;
      const store = new ItemStore(db, database.engine, database.transactions, {
        changes: diffSink(db, database.engine),
      });
      const scope = database.freshScope();
      const writes = (name: string) =>
        ['A', 'B', 'C'].map((identifier) => product(identifier, name, {}));
      await store.upsert(scope.tenant, scope.contentType, writes('Shoe'), at(1));
      database.reset();
      await store.upsert(scope.tenant, scope.contentType, writes('Boot'), at(2));
      const commands = database.commands.filter((command) => !command.startsWith('endSessions'));
      expect(commands.filter((command) => command.endsWith(':change_diffs'))).toEqual([
        'insert:change_diffs',
      ]);
      // In the transaction: before its commit.
      expect(commands.indexOf('insert:change_diffs')).toBeLessThan(
        commands.indexOf('commitTransaction:1'),
      );
      expect(await db.changeDiffs.countDocuments({ tenant: scope.tenant })).toBe(3);
    } finally {
      await database.close();
    }
  });
});

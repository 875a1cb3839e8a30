/**
 * What the item writer tests share: a database of their own, a command log of what a writer
 * sends, and items to write.
 */
import { mongo as driver, type Connection } from 'mongoose';
import type { ItemCollections } from '../../../core/items/item-collections';
import type { ItemWrite } from '../../../core/items/item-documents';
import type { ItemWriter } from '../../../core/items/engine-writer';
import type { ItemStatsDocument } from '../../../core/items/item-collections';
import type { ContentTypeScope } from '../../../core/items/item-documents';
import { itemStatsId } from '../../../core/items/item-stats';
import { mongoTransactions, type Transactions } from '../../../core/mongo/transactions';
import { connectMongo } from '../../../core/mongo/connection';
import { collections, collectionsOf } from '../../../core/storage/collections';
import type { StorageEngine } from '../../../core/storage/engines/storage-engine';
import { mongoDbEngine } from '../../../core/storage/engines/mongodb/mongodb-engine';
import { uniqueMongoUrl } from '../../support/test-env';

/**
 * Receive times are of this run, not of a fixed day: a DELETE drops its content type's tombstones
 * 48 hours past their receive time, and a test must not outlive its own.
 */
const RUN_MINUTE = Math.floor(Date.now() / 60_000) * 60_000;

/** The receipt of the request accepted `n`th, at second `n` (unless another time is given). */
export const at = (n: number, second = n) => ({
  sequence: n,
  receivedAt: new Date(RUN_MINUTE + second * 1_000),
});

/** Stats that know of nothing yet: the writer records the length of every identifier it writes. */
export const emptyStats = (scope: ContentTypeScope): ItemStatsDocument => ({
  _id: itemStatsId(scope),
  lengths: [],
});

export const write = (identifier: string, name: string, color?: string): ItemWrite => ({
  identifier,
  set: { name, properties: color === undefined ? {} : { color } },
  unset: { fields: [], properties: [] },
  funnelId: 'erp',
});

export interface WriterDatabase {
  db: ItemCollections;
  /** The storage adapter over this database, its commands in the log. */
  engine: StorageEngine;
  /** Transactions over the same client. */
  transactions: Transactions;
  /** `command:collection` of every command sent since the last `reset`. */
  commands: string[];
  reset(): void;
  freshScope(): { tenant: string; contentType: string };
  close(): Promise<void>;
}

export async function writerDatabase(label: string): Promise<WriterDatabase> {
  const url = uniqueMongoUrl(label);
  const mongo: Connection = await connectMongo(url, 'test');
  const client = new driver.MongoClient(url, { monitorCommands: true });
  const commands: string[] = [];
  client.on('commandStarted', (event) => {
    commands.push(`${event.commandName}:${String(event.command[event.commandName])}`);
  });
  await client.connect();
  let scopes = 0;
  await collections(mongo).items.insertOne({
    _id: 'warm-up',
    tenant: 'warm-up',
    contentType: 'warm-up',
    identifier: 'warm-up',
    identifierLower: 'warm-up',
    properties: {},
    createdAt: new Date(),
    updatedAt: new Date(),
    receivedAt: new Date(),
    sequence: 0,
    version: 1,
    funnelId: 'warm-up',
  });
  const db = client.db(mongo.db?.databaseName);
  return {
    db: collectionsOf(db),
    engine: mongoDbEngine({ version: 'monitored', db }),
    transactions: mongoTransactions(client),
    commands,
    reset: () => commands.splice(0),
    freshScope: () => ({ tenant: 'acme', contentType: `ct${(scopes += 1)}` }),
    close: async () => {
      await client.close();
      await mongo.dropDatabase();
      await mongo.close();
    },
  };
}

/**
 * What the writer must do with one call carrying the writes of several requests: decide and
 * stamp each item by its own write's receipt.
 */
export async function expectEachWriteByItsReceipt(
  writer: ItemWriter,
  database: WriterDatabase,
): Promise<void> {
  const scope = database.freshScope();
  const stored = (identifier: string) =>
    database.db.items.findOne({ _id: `${scope.tenant}:${scope.contentType}:${identifier}` });
  const before = [write('A', 'stored'), write('B', 'stored')];
  await writer.upsert(
    scope,
    before.map((item) => ({ write: item, receipt: at(5) })),
    new Date(),
    new Map(),
    emptyStats(scope),
  );
  const { changes } = await writer.upsert(
    scope,
    [
      { write: write('A', 'older'), receipt: at(3) },
      { write: write('B', 'newer'), receipt: at(7) },
      { write: write('C', 'new'), receipt: at(4) },
    ],
    new Date(),
    new Map(),
    emptyStats(scope),
  );
  expect(await stored('A')).toMatchObject({ name: 'stored', sequence: 5 });
  expect(await stored('B')).toMatchObject({
    name: 'newer',
    sequence: 7,
    receivedAt: at(7).receivedAt,
    version: 2,
  });
  expect(await stored('C')).toMatchObject({ sequence: 4, receivedAt: at(4).receivedAt });
  expect(changes.map((change) => `${change.identifier} v${change.version}`).sort()).toEqual([
    'B v2',
    'C v1',
  ]);
}

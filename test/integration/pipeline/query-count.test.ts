/**
 * "Never a query per item": with the driver's command monitoring, a request of 1,000 items
 * issues exactly as many MongoDB commands as one of 10, lazy matching and references included,
 * with the storage adapter.
 */
import { mongoTransactions, transactionsOf } from '../../../core/mongo/transactions';
import { mongo as driver, type Connection } from 'mongoose';
import { collections, collectionsOf } from '../../../core/storage/collections';
import type { StorageEngine } from '../../../core/storage/engines/storage-engine';
import { connectMongo } from '../../../core/mongo/connection';
import { ItemStore } from '../../../core/items/item-store';
import type { ContentType } from '../../../core/domain/content-type';
import type { Funnel } from '../../../core/domain/funnel';
import { prepareImport } from '../../../core/ingest/import-items';
import { mongoDbEngine } from '../../../core/storage/engines/mongodb/mongodb-engine';
import { uniqueMongoUrl } from '../../support/test-env';

const now = new Date();
const receipt = { sequence: 1, receivedAt: now };
const contentType: ContentType = {
  key: 'products',
  name: 'Products',
  kind: 'generic',
  properties: [
    {
      key: 'related',
      label: 'Related',
      type: 'reference',
      contentType: 'products',
      multiple: true,
    },
    { key: 'price', label: 'Price', type: 'number', multiple: false },
  ],
  revision: 1,
  createdAt: now,
  updatedAt: now,
};

const funnel: Funnel = {
  contentType: 'products',
  name: 'ERP',
  endpointUrl: 'erp',
  description: '',
  active: true,
  partialValidation: true,
  mappings: [
    { source: 'sku', target: { system: 'identifier' }, lazy: true, optional: false },
    { source: 'title', target: { system: 'name' }, lazy: false, optional: false },
    { source: 'parent', target: { system: 'parent' }, lazy: false, optional: true },
    { source: 'related', target: { property: 'related' }, lazy: false, optional: true },
    { source: 'price', target: { property: 'price' }, lazy: false, optional: true },
  ],
  id: 'erp',
  revision: 1,
  createdAt: now,
  updatedAt: now,
};

/** Updates of stored items, and the commands they take: all in one. */
const UPDATES = { items: 200, commands: 1 };

describe('MongoDB commands per request', () => {
  let mongo: Connection;
  let client: driver.MongoClient;
  let commands: string[] = [];
  /** `command:collection` of every command, for the tests that tell collections apart. */
  let targets: string[] = [];
  let engine: StorageEngine;

  beforeAll(async () => {
    const url = uniqueMongoUrl('querycount');
    mongo = await connectMongo(url, 'test');
    client = new driver.MongoClient(url, { monitorCommands: true });
    client.on('commandStarted', (event) => {
      commands.push(event.commandName);
      targets.push(`${event.commandName}:${String(event.command[event.commandName])}`);
    });
    await client.connect();
    engine = mongoDbEngine({ version: 'monitored', db: client.db(mongo.db?.databaseName) });
    // Stored items for the lazy lookup and the references to find.
    const seed = new ItemStore(collections(mongo), engine, transactionsOf(mongo));
    const stored = Array.from({ length: 1_000 }, (_, i) => ({
      identifier: `SKU-${i}`,
      set: { name: `Stored ${i}`, properties: {} },
      unset: { fields: [], properties: [] },
      funnelId: 'erp',
    }));
    await seed.upsert('acme', 'products', stored, receipt);
  });

  afterAll(async () => {
    await client.close();
    await mongo.dropDatabase();
    await mongo.close();
  });

  async function commandsFor(count: number): Promise<string[]> {
    const body = Array.from({ length: count }, (_, i) => ({
      // New identifiers: the lazy lookup runs (its query is counted) and finds nothing to match.
      sku: `NEW-${count}-${i}`,
      title: `Item ${i}`,
      parent: `SKU-${(i + 1) % 1_000}`,
      related: [`SKU-${i}`, `SKU-${(i + 7) % 1_000}`],
      price: i,
    }));
    const store = new ItemStore(
      collectionsOf(client.db(mongo.db?.databaseName)),
      engine,
      mongoTransactions(client),
    );
    commands = [];
    // As the ingest job does it: the request decided, then its writes in one go.
    const request = {
      tenant: 'acme',
      funnel,
      contentType,
      raw: JSON.stringify(body),
      parsed: body,
      receipt: { sequence: 2, receivedAt: new Date() },
      dryRun: false,
    };
    const { result, writes } = await prepareImport(store, request);
    await store.upsert(request.tenant, contentType.key, writes, request.receipt);
    expect(result.httpStatus).toBe(200);
    expect(result.envelope.errors).toBeUndefined();
    return commands;
  }

  it('when a request holds 1,000 items instead of 10, then it issues the same commands', async () => {
    const small = await commandsFor(10);
    const large = await commandsFor(1_000);
    expect(large).toEqual(small);
    // Lookups (exact, lengths, lazy candidates, references, stored items), the write, the
    // identifier-length stats, and the change intent (left, in a command that also finds one a
    // writer left unfinished and answers whether the content type had deletes, and dropped): a
    // dozen, never one per item.
    expect(small.length).toBeLessThanOrEqual(12);
  });

  it('when existing items are updated, then the updates come in as few commands as the engine takes', async () => {
    const store = new ItemStore(
      collectionsOf(client.db(mongo.db?.databaseName)),
      engine,
      mongoTransactions(client),
    );
    const writes = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        identifier: `SKU-${i}`,
        set: { name: `Renamed ${i}`, properties: {} },
        unset: { fields: [], properties: [] },
        funnelId: 'erp',
      }));
    targets = [];
    commands = [];
    const { items, commands: expected } = UPDATES;
    await store.upsert('acme', 'products', writes(items), {
      sequence: 3,
      receivedAt: new Date(),
    });
    const updates = targets.filter((target) => target === 'update:items').length;
    expect(updates).toBe(expected);
    // The stats are read once, in the write's transaction; every length is known already, so
    // they are not written.
    expect(targets.filter((target) => target.endsWith(':item_stats'))).toEqual(['find:item_stats']);
  });

  it('when every item is new, then it is written with one read at most', async () => {
    const store = new ItemStore(
      collectionsOf(client.db(mongo.db?.databaseName)),
      engine,
      mongoTransactions(client),
    );
    const writes = Array.from({ length: 50 }, (_, i) => ({
      identifier: `FRESH-${i}`,
      set: { name: `Fresh ${i}`, properties: {} },
      unset: { fields: [], properties: [] },
      funnelId: 'erp',
    }));
    targets = [];
    await store.upsert('acme', 'products', writes, { sequence: 4, receivedAt: new Date() });
    const onItems = targets.filter((target) => target.endsWith(':items'));
    // One indexed `$in` read, then the inserts.
    expect(onItems).toEqual(['find:items', 'insert:items']);
  });
});

/**
 * "A fixed number of queries per 10,000": with the driver's command monitoring, the commit of a
 * sync over 20,000 items issues the same commands as one over 10,000, but for one more read batch
 * per 10,000 items; none per item. Both delete the same 100 items.
 */
import { mongoTransactions } from '../../../core/mongo/transactions';
import { mongo as driver, type Connection } from 'mongoose';
import { HistoryRepository } from '../../../core/history/history.repository';
import { ItemStore, type ItemWrite } from '../../../core/items/item-store';
import { createLogger } from '../../../core/platform/logger';
import { connectMongo } from '../../../core/mongo/connection';
import type { StorageEngine } from '../../../core/storage/engines/storage-engine';
import type { ContentType } from '../../../core/domain/content-type';
import type { Funnel } from '../../../core/domain/funnel';
import { collectionsOf } from '../../../core/storage/collections';
import { carryOutCommit } from '../../../core/syncs/carry-out-commit';
import { createSync } from '../../../core/syncs/start-sync';
import { detectedEngine, ensureTestIndexes } from '../../support/storage-engines';
import { syncServices, type SyncCommitContext } from '../../../core/syncs/sync-services';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniqueMongoUrl, uniquePrefix } from '../../support/test-env';

const DELETED = 100;
const now = new Date();
const logger = createLogger('test', 'silent');

function funnelOf(contentType: string): Funnel {
  return {
    contentType,
    name: 'ERP',
    endpointUrl: 'erp',
    description: '',
    active: true,
    partialValidation: false,
    mappings: [{ source: 'sku', target: { system: 'identifier' }, lazy: false, optional: false }],
    id: 'erp',
    revision: 1,
    createdAt: now,
    updatedAt: now,
  };
}

const contentTypeOf = (key: string): ContentType => ({
  key,
  name: key,
  kind: 'generic',
  properties: [],
  revision: 1,
  createdAt: now,
  updatedAt: now,
});

describe('MongoDB commands of a sync commit', () => {
  let mongo: Connection;
  let client: driver.MongoClient;
  let redis: RedisClient;
  let engine: StorageEngine;
  let commands: string[] = [];

  beforeAll(async () => {
    const url = uniqueMongoUrl('synccommit');
    mongo = await connectMongo(url, 'test');
    engine = await detectedEngine(mongo);
    client = new driver.MongoClient(url, { monitorCommands: true });
    client.on('commandStarted', (event) => commands.push(event.commandName));
    await client.connect();
    redis = testRedis();
    await ensureTestIndexes(mongo);
  });

  afterAll(async () => {
    redis.disconnect();
    await client.close();
    await mongo.dropDatabase();
    await mongo.close();
  });

  /** The commands of committing a sync over `size` items that named all but DELETED of them. */
  async function commandsFor(size: number): Promise<string[]> {
    const db = collectionsOf(client.db());
    const keys = testKeys(uniquePrefix('synccommit'));
    const syncs = syncServices(db, redis, keys);
    const key = `products-${size}`;
    const items = new ItemStore(db, engine, mongoTransactions(client));
    const writes: ItemWrite[] = Array.from({ length: size }, (_, i) => ({
      identifier: `SKU-${i}`,
      set: { name: `Item ${i}`, properties: {} },
      unset: { fields: [], properties: [] },
      funnelId: 'erp',
    }));
    await items.upsert('acme', key, writes, { sequence: 1, receivedAt: now });
    const sync = await createSync(syncs, {
      tenant: 'acme',
      funnelId: 'erp',
      contentType: key,
      receipt: { sequence: 2, receivedAt: now },
    });
    const named = writes.slice(DELETED).map((write) => write.identifier);
    for (let start = 0; start < named.length; start += 10_000) {
      await syncs.records.recordNames(sync, `request-${start}`, named.slice(start, start + 10_000));
    }
    await syncs.records.setCommit('acme', sync.syncId, 'committing', {
      requestId: 'commit',
      recordId: `commit-${size}`,
      receivedAt: now,
      toDelete: null,
      deleted: 0,
      finishedAt: null,
      httpStatus: null,
      message: null,
    });
    const context = {
      logger,
      items,
      syncs,
      history: new HistoryRepository(db),
      historyTtlDays: 30,
      settings: {
        find: () =>
          Promise.resolve({ found: true, funnel: funnelOf(key), contentType: contentTypeOf(key) }),
      },
      signal: new AbortController().signal,
    } as unknown as SyncCommitContext;

    commands = [];
    const result = await carryOutCommit(
      {
        requestId: 'commit',
        recordId: `commit-${size}`,
        tenant: 'acme',
        endpointUrl: 'erp',
        funnelId: 'erp',
        syncId: sync.syncId,
        receivedAt: now.toISOString(),
        sequence: 3,
        tokenId: null,
        limit: { maxDeletes: DELETED },
      },
      context,
    );
    const seen = [...commands];
    expect(result).toMatchObject({ httpStatus: 200, body: { data: { deleted: DELETED } } });
    expect(await db.items.countDocuments({ tenant: 'acme', contentType: key })).toBe(
      size - DELETED,
    );
    return seen;
  }

  const without = (names: string[], name: string) => names.filter((command) => command !== name);
  const count = (names: string[], name: string) => names.filter((c) => c === name).length;

  it('when a commit reads 20,000 items instead of 10,000, then only its read batches add commands: one per 10,000', async () => {
    const small = await commandsFor(10_000);
    const large = await commandsFor(20_000);
    expect(without(large, 'getMore')).toEqual(without(small, 'getMore'));
    expect(count(large, 'getMore') - count(small, 'getMore')).toBeLessThanOrEqual(1);
    // Every command, whatever the size, is a handful: none is per item.
    expect(small.length).toBeLessThan(60);
  }, 300_000);
});

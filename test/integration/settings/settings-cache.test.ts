/**
 * The worker's settings cache (core/settings/settings-cache.ts) on real Redis and MongoDB: it
 * saves the funnel and content type reads of every job, and a change made through the
 * repositories the API uses holds from the next lookup on.
 */
import { mongo as driver, type Connection } from 'mongoose';
import { collections, collectionsOf, type Collections } from '../../../core/storage/collections';
import { transactionsOf } from '../../../core/mongo/transactions';
import { connectMongo } from '../../../core/mongo/connection';
import { ContentTypesRepository } from '../../../core/settings/content-types.repository';
import { FunnelsRepository } from '../../../core/settings/funnels.repository';
import { SettingsVersions } from '../../../core/settings/settings-versions';
import { MAX_AGE_MS, SettingsCache } from '../../../core/settings/settings-cache';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniqueMongoUrl, uniquePrefix } from '../../support/test-env';

const TENANT = 'acme';

describe('the worker settings cache', () => {
  let mongo: Connection;
  let client: driver.MongoClient;
  let redis: RedisClient;
  let versions: SettingsVersions;
  let funnels: FunnelsRepository;
  let contentTypes: ContentTypesRepository;
  /** The commands the cache sends to MongoDB, by collection. */
  let reads: string[] = [];
  let clock = 0;
  let cache: SettingsCache;

  beforeAll(async () => {
    const url = uniqueMongoUrl('settingscache');
    mongo = await connectMongo(url, 'test');
    redis = testRedis();
    const keys = testKeys(uniquePrefix('settingscache'));
    versions = new SettingsVersions(redis, keys);
    const announce = (tenant: string) => versions.stamp(tenant);
    funnels = new FunnelsRepository(collections(mongo), transactionsOf(mongo), announce);
    contentTypes = new ContentTypesRepository(collections(mongo), transactionsOf(mongo), announce);
    client = new driver.MongoClient(url, { monitorCommands: true });
    client.on('commandStarted', (event) => {
      if (event.commandName === 'find') reads.push(String(event.command.find));
    });
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    await mongo.dropDatabase();
    await mongo.close();
    redis.disconnect();
  });

  beforeEach(() => {
    const db: Collections = collectionsOf(client.db(mongo.db?.databaseName));
    cache = new SettingsCache(db, versions, () => clock);
    reads = [];
  });

  async function products(label = 'Price') {
    const body = {
      name: 'Products',
      kind: 'product' as const,
      properties: [{ key: 'price', label, type: 'number' as const, multiple: false }],
    };
    const replaced = await contentTypes.replace(TENANT, 'products', body);
    if (!replaced) await contentTypes.create(TENANT, 'products', body);
  }

  /** The funnel at `erp` (made, or changed), answering its id. */
  async function erpFunnel(active = true, endpointUrl = 'erp'): Promise<string> {
    const body = {
      contentType: 'products',
      name: 'ERP',
      endpointUrl,
      description: '',
      active,
      partialValidation: false,
      mappings: [
        { source: 'sku', target: { system: 'identifier' as const }, optional: false, lazy: false },
      ],
    };
    const funnel =
      (await funnels.find(TENANT, 'erp')) === null
        ? await funnels.create(TENANT, body)
        : await funnels.replace(TENANT, 'erp', body);
    if (!funnel) throw new Error('the funnel changed meanwhile');
    return funnel.id;
  }

  it('when the settings did not change, then the second lookup reads nothing from the database', async () => {
    await products();
    const id = await erpFunnel();
    const first = await cache.find(TENANT, 'erp', id);
    expect(reads).toEqual(['funnels', 'content_types']);
    reads = [];
    const second = await cache.find(TENANT, 'erp', id);
    expect(reads).toEqual([]);
    expect(second).toEqual(first);
  });

  it('when a funnel changes through its repository, then the next lookup sees the change', async () => {
    await products();
    const id = await erpFunnel(true);
    await cache.find(TENANT, 'erp', id);
    await erpFunnel(false);
    const after = await cache.find(TENANT, 'erp', id);
    expect(after.found && after.funnel.active).toBe(false);
  });

  it('when a content type changes through its repository, then the next lookup sees the change', async () => {
    await products('Price');
    const id = await erpFunnel();
    await cache.find(TENANT, 'erp', id);
    await products('Unit price');
    const after = await cache.find(TENANT, 'erp', id);
    expect(after.found && after.contentType.properties[0]?.label).toBe('Unit price');
  });

  it('when a funnel is deleted, then the next lookup finds it missing', async () => {
    await products();
    const id = await erpFunnel();
    await cache.find(TENANT, 'erp', id);
    await funnels.remove(TENANT, 'erp');
    expect(await cache.find(TENANT, 'erp', id)).toEqual({ found: false, missing: 'funnel' });
    await erpFunnel();
  });

  it('when the funnel was renamed and another took its URL, then a request sent to the first finds it missing', async () => {
    await products();
    const first = await erpFunnel(true);
    await cache.find(TENANT, 'erp', first);
    await erpFunnel(true, 'erp-renamed');
    const second = await erpFunnel();
    expect(second).not.toBe(first);
    expect(await cache.find(TENANT, 'erp', first)).toEqual({ found: false, missing: 'funnel' });
    expect(await cache.find(TENANT, 'erp', second)).toMatchObject({ found: true });
    await funnels.remove(TENANT, 'erp-renamed');
  });

  it('when a change was stored without a new version (Redis away), then it holds after MAX_AGE_MS', async () => {
    await products();
    const id = await erpFunnel(true);
    await cache.find(TENANT, 'erp', id);
    // Written past the repositories: no version is stamped.
    await collections(mongo).funnels.updateOne(
      { _id: `${TENANT}:erp` },
      { $set: { active: false } },
    );
    const stale = await cache.find(TENANT, 'erp', id);
    expect(stale.found && stale.funnel.active).toBe(true);
    clock += MAX_AGE_MS;
    const fresh = await cache.find(TENANT, 'erp', id);
    expect(fresh.found && fresh.funnel.active).toBe(false);
  });

  it('when the content type is missing, then that is answered and not cached', async () => {
    const id = await erpFunnel();
    await contentTypes.remove(TENANT, 'products');
    const missing = await cache.find(TENANT, 'erp', id);
    expect(missing).toMatchObject({ found: false, missing: 'content type' });
    // Stored past the repositories, with no new version: found only because misses are not kept.
    const now = new Date();
    await collections(mongo).contentTypes.insertOne({
      _id: `${TENANT}:products`,
      tenant: TENANT,
      key: 'products',
      name: 'Products',
      kind: 'product',
      properties: [],
      revision: 1,
      createdAt: now,
      updatedAt: now,
    });
    const found = await cache.find(TENANT, 'erp', id);
    expect(found.found).toBe(true);
  });
});

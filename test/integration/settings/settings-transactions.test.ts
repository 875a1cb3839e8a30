/**
 * What a settings write keeps whole (docs/storage.md#what-runs-in-a-transaction), on the
 * repositories with the real engine: a rename is never left half done, and a content type is
 * never deleted while a funnel created at the same moment binds to it.
 */
import type { Connection } from 'mongoose';
import { funnelBodySchema } from '../../../core/domain/funnel';
import { connectMongo } from '../../../core/mongo/connection';
import { transactionsOf } from '../../../core/mongo/transactions';
import { ContentTypesRepository } from '../../../core/settings/content-types.repository';
import { FunnelsRepository } from '../../../core/settings/funnels.repository';
import { collections, type Collections } from '../../../core/storage/collections';
import { uniqueMongoUrl } from '../../support/test-env';
import { DIED, dyingAtSecondWrite, meetingWrites } from '../../support/write-interleavings';

const ROUNDS = 10;

const funnelBody = (endpointUrl: string, contentType = 'products') =>
  funnelBodySchema.parse({
    contentType,
    name: 'ERP',
    endpointUrl,
    mappings: [{ source: 'sku', target: { system: 'identifier' } }],
  });

const contentTypeBody = { name: 'Products', kind: 'product' as const, properties: [] };

describe('settings writes in transactions', () => {
  let mongo: Connection;
  let db: Collections;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('settingstx'), 'test');
    db = collections(mongo);
  });
  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
  });

  it('when the process dies between the two writes of a rename, then the funnel is still there once, under its old URL', async () => {
    const dying = dyingAtSecondWrite(db);
    const funnels = new FunnelsRepository(dying.db, transactionsOf(mongo));
    const created = await funnels.create('rename', funnelBody('erp'));
    dying.arm();
    await expect(funnels.replace('rename', 'erp', funnelBody('erp-renamed'))).rejects.toBe(DIED);
    expect(await funnels.list('rename')).toEqual([created]);
  });

  it('when a rename goes through, then the funnel is under its new URL only, with its id', async () => {
    const funnels = new FunnelsRepository(db, transactionsOf(mongo));
    const created = await funnels.create('renamed', funnelBody('erp'));
    await funnels.replace('renamed', 'erp', funnelBody('erp-renamed'));
    const listed = await funnels.list('renamed');
    expect(listed.map((funnel) => [funnel.id, funnel.endpointUrl])).toEqual([
      [created.id, 'erp-renamed'],
    ]);
  });

  it('when a content type is deleted while a funnel is created on it, then no funnel is left bound to a content type that is gone', async () => {
    const meeting = meetingWrites(db);
    const transactions = transactionsOf(mongo);
    const contentTypes = new ContentTypesRepository(meeting.db, transactions);
    const funnels = new FunnelsRepository(meeting.db, transactions);
    const tenant = 'skew';
    // The routes' checks: a funnel's content type exists; a deleted content type is unused.
    const exists = (key: string) => async () => {
      if (!(await contentTypes.find(tenant, key))) throw new Error(`no content type ${key}`);
    };
    const unused = (key: string) => async () => {
      if ((await funnels.usingContentType(tenant, key)).length > 0) throw new Error('in use');
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      const key = `products${round}`;
      await contentTypes.create(tenant, key, contentTypeBody);
      meeting.round();
      const outcomes = await Promise.allSettled([
        contentTypes.remove(tenant, key, unused(key)),
        funnels.create(tenant, funnelBody(`erp${round}`, key), exists(key)),
      ]);
      // One of the two goes through, the other is refused by its check.
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const left = await contentTypes.find(tenant, key);
      const bound = await funnels.usingContentType(tenant, key);
      expect(left === null && bound.length > 0).toBe(false);
    }
  });
});

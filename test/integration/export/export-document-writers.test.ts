/**
 * An export's document is written by the sends of its lanes and the settings routes at once
 * (docs/export.md#deliveries): each write is one atomic update of the fields it changes, so none
 * undoes another's.
 */
import type { Connection } from 'mongoose';
import { generateWebhookSecret } from '../../../core/export/delivery/webhook-secret';
import { exportBodySchema } from '../../../core/export/export-record';
import { ExportsRepository } from '../../../core/export/exports.repository';
import { LaneProgress } from '../../../core/export/send/lane-progress';
import { connectMongo } from '../../../core/mongo/connection';
import { transactionsOf } from '../../../core/mongo/transactions';
import { collections, type Collections } from '../../../core/storage/collections';
import { uniqueMongoUrl } from '../../support/test-env';

const ROUNDS = 100;

describe("writers of one export's document at once", () => {
  let mongo: Connection;
  let db: Collections;
  let exports: ExportsRepository;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('exportwriters'), 'test');
    db = collections(mongo);
    exports = new ExportsRepository(db, transactionsOf(mongo));
  });
  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
  });

  it('when two lanes count their sends and the settings change at once, then every write of each takes effect', async () => {
    const body = exportBodySchema.parse({
      name: 'receiver',
      url: 'https://receiver.test/hook',
      contentTypes: ['products'],
    });
    const exp = await exports.create('acme', body, generateWebhookSecret(), 0);
    const context = { db, now: () => new Date() };
    const lane = async (number: number) => {
      const progress = new LaneProgress(exp._id, exp.id, number, context);
      for (let n = 1; n <= ROUNDS; n += 1) {
        progress.passed(n);
        await progress.count();
      }
    };
    const settings = async () => {
      for (let n = 1; n <= ROUNDS; n += 1) await exports.update('acme', exp.id, { batchSize: n });
    };
    await Promise.all([lane(0), lane(1), settings()]);
    const stored = await db.exports.findOne({ _id: exp._id });
    expect(stored?.lanes[0]?.sent).toBe(ROUNDS);
    expect(stored?.lanes[1]?.sent).toBe(ROUNDS);
    expect(stored).toMatchObject({ batchSize: ROUNDS, revision: 1 + ROUNDS });
  });
});

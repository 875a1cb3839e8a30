/**
 * Concurrent updates of one document (docs/storage.md#atomic-updates): MongoDB applies each
 * atomically, and its adapter sends them as they are; FerretDB v1 may lose one of two (it reads
 * the document, changes it and writes it back whole), and its adapter makes them take turns.
 */
import type { Connection, mongo } from 'mongoose';
import type { DocumentUpdates } from '../../../core/mongo/document-updates';
import { connectMongo, databaseOf } from '../../../core/mongo/connection';
import { createLogger } from '../../../core/platform/logger';
import { bothEngines } from '../../support/storage-engines';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniqueMongoUrl, uniquePrefix } from '../../support/test-env';

interface Counters {
  _id: string;
  a: number;
  b: number;
}

const ROUNDS = 100;

describe('updates of one document by several writers at once', () => {
  let mongo: Connection;
  let redis: RedisClient;
  let counters: mongo.Collection<Counters>;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('docupdates'), 'test');
    redis = testRedis();
    counters = databaseOf(mongo).collection<Counters>('counters');
  });
  afterAll(async () => {
    redis.disconnect();
    await mongo.dropDatabase();
    await mongo.close();
  });

  const updatesOf = (name: string): DocumentUpdates =>
    new Map(bothEngines(mongo)).get(name)!.documentUpdates({
      redis,
      keys: testKeys(uniquePrefix('docupdates')),
      logger: createLogger('t', 'silent'),
    });

  /** Two writers, each moving its own field up one step at a time; the fields they reach. */
  async function race(id: string, updates: DocumentUpdates): Promise<Counters | null> {
    await counters.insertOne({ _id: id, a: 0, b: 0 });
    const writer = async (field: 'a' | 'b') => {
      for (let step = 1; step <= ROUNDS; step += 1) {
        await updates.updateOne(
          counters,
          { _id: id, [field]: step - 1 },
          { $set: { [field]: step } },
        );
      }
    };
    await Promise.all([writer('a'), writer('b')]);
    return counters.findOne({ _id: id });
  }

  it("when the FerretDB adapter's updates race, then every update of each writer takes effect", async () => {
    expect(await race('ferretdb', updatesOf('FerretDB'))).toEqual({
      _id: 'ferretdb',
      a: ROUNDS,
      b: ROUNDS,
    });
  });

  it('when findOneAndUpdate is sent, then it answers the document after the update, or null', async () => {
    for (const [, engine] of bothEngines(mongo)) {
      const updates = engine.documentUpdates({
        redis,
        keys: testKeys(uniquePrefix('docupdates')),
        logger: createLogger('t', 'silent'),
      });
      const id = `after-${engine.name}`;
      await counters.insertOne({ _id: id, a: 0, b: 0 });
      expect(await updates.findOneAndUpdate(counters, { _id: id }, { $inc: { a: 2 } })).toEqual({
        _id: id,
        a: 2,
        b: 0,
      });
      expect(
        await updates.findOneAndUpdate(counters, { _id: id, a: 0 }, { $inc: { a: 1 } }),
      ).toBeNull();
    }
  });
});

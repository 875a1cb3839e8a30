/**
 * Concurrent updates of one document (docs/storage.md#atomic-updates): the server applies each
 * atomically, and the adapter sends them as they are.
 */
import type { Connection, mongo } from 'mongoose';
import type { DocumentUpdates } from '../../../core/mongo/document-updates';
import { connectMongo, databaseOf } from '../../../core/mongo/connection';
import { detectedEngine } from '../../support/storage-engines';
import { uniqueMongoUrl } from '../../support/test-env';

interface Counters {
  _id: string;
  a: number;
  b: number;
}

const ROUNDS = 100;

describe('updates of one document by several writers at once', () => {
  let mongo: Connection;
  let counters: mongo.Collection<Counters>;
  let updates: DocumentUpdates;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('docupdates'), 'test');
    counters = databaseOf(mongo).collection<Counters>('counters');
    updates = (await detectedEngine(mongo)).documentUpdates;
  });
  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
  });

  /** Two writers, each moving its own field up one step at a time; the fields they reach. */
  async function race(id: string): Promise<Counters | null> {
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

  it('when two writers update one document at once, then every update of each takes effect', async () => {
    expect(await race('race')).toEqual({ _id: 'race', a: ROUNDS, b: ROUNDS });
  });

  it('when findOneAndUpdate is sent, then it answers the document after the update, or null', async () => {
    const id = 'after';
    await counters.insertOne({ _id: id, a: 0, b: 0 });
    expect(await updates.findOneAndUpdate(counters, { _id: id }, { $inc: { a: 2 } })).toEqual({
      _id: id,
      a: 2,
      b: 0,
    });
    expect(
      await updates.findOneAndUpdate(counters, { _id: id, a: 0 }, { $inc: { a: 1 } }),
    ).toBeNull();
  });
});

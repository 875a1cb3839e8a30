/**
 * Concurrent updates of one document: on FerretDB v1 one may undo another (read, changed and
 * written back whole), so writers of a shared document take turns there (core/mongo/document-turns.ts).
 */
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { connectMongo, databaseOf } from '../../../core/mongo/connection';
import { documentTurnsFor, NO_TURNS, type DocumentTurns } from '../../../core/mongo/document-turns';
import { detectEngine, type EngineInfo } from '../../../core/mongo/engine';
import { createLogger } from '../../../core/logging/logger';
import { redisUrl, uniqueMongoUrl, uniquePrefix } from '../../support/test-env';

interface Counters {
  _id: string;
  a: number;
  b: number;
}

const ROUNDS = 100;

describe('writers of one document', () => {
  let mongo: Connection;
  let redis: Redis;
  let engine: EngineInfo;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('turns'), 'test');
    redis = new Redis(redisUrl());
    engine = await detectEngine(mongo);
  });
  afterAll(async () => {
    redis.disconnect();
    await mongo.dropDatabase();
    await mongo.close();
  });

  /** Two writers, each moving its own field up one step at a time; the fields they reach. */
  async function race(id: string, turns: DocumentTurns): Promise<Counters | null> {
    const docs = databaseOf(mongo).collection<Counters>('counters');
    await docs.insertOne({ _id: id, a: 0, b: 0 });
    const writer = (field: 'a' | 'b') => async () => {
      for (let step = 1; step <= ROUNDS; step += 1) {
        await turns.around(id, () =>
          docs.updateOne({ _id: id, [field]: step - 1 }, { $set: { [field]: step } }),
        );
      }
    };
    await Promise.all([writer('a')(), writer('b')()]);
    return docs.findOne({ _id: id });
  }

  it('when they take turns where the engine needs it, then every update of each takes effect', async () => {
    const turns = documentTurnsFor(
      engine,
      redis,
      uniquePrefix('turns'),
      createLogger('t', 'silent'),
    );
    expect(await race('with-turns', turns)).toEqual({ _id: 'with-turns', a: ROUNDS, b: ROUNDS });
  });

  it('when the engine says its updates are atomic, then they are, and no turns are taken', async () => {
    const outcome = await race('without-turns', NO_TURNS);
    const complete = outcome?.a === ROUNDS && outcome.b === ROUNDS;
    // Whether the trait tells the truth of this engine: a lost update where it claims none fails.
    if (engine.atomicDocumentUpdates) expect(complete).toBe(true);
    expect(documentTurnsFor(engine, redis, 'p', createLogger('t', 'silent')) === NO_TURNS).toBe(
      engine.atomicDocumentUpdates,
    );
  });
});

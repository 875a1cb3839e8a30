/**
 * History retention on both engines: a TTL index where the server takes one, else an hourly
 * purge job that the workers schedule once between them.
 */
import { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import { collections } from '../../../core/store/collections';
import { detectEngine } from '../../../core/mongo/engine';
import { ensureIndexes } from '../../../core/store/indexes';
import { connectMongo } from '../../../core/mongo/connection';
import { createLogger } from '../../../core/logging/logger';
import { FUNNEL_QUEUE } from '../../../core/queue/queue-names';
import type { HistoryDocument } from '../../../core/history/history-record';
import { HistoryRepository } from '../../../core/history/history.repository';
import { PURGE_SCHEDULER_ID, schedulePurge } from '../../../worker/schedules';
import { isolatedEnv } from '../../support/test-env';

const logger = createLogger('test', 'silent');

function record(requestId: string, expiresAt: Date): HistoryDocument {
  const receivedAt = new Date(expiresAt.getTime() - 30 * 86_400_000);
  return {
    _id: `acme:${requestId}`,
    tenant: 'acme',
    funnel: 'erp',
    requestId,
    method: 'POST',
    receivedAt,
    finishedAt: receivedAt,
    durationMs: 1,
    status: 'success',
    httpStatus: 200,
    itemCount: 0,
    message: '',
    errors: [],
    successIds: [],
    deletedIds: [],
    notFoundIds: [],
    payload: '',
    payloadTruncated: false,
    tokenId: null,
    dryRun: false,
    expiresAt,
  };
}

describe('history retention', () => {
  const env = isolatedEnv('purge');
  let mongo: Connection;

  beforeAll(async () => {
    mongo = await connectMongo(env.MONGO_URL, 'test');
  });
  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
  });

  it('when indexes are ensured, then a TTL index exists exactly where the engine takes one', async () => {
    const engine = await detectEngine(mongo);
    const report = await ensureIndexes(collections(mongo), logger);
    expect(report.ttlIndex).toBe(engine.name === 'mongodb');
  });

  it('when the purge runs, then expired records go and the others stay', async () => {
    const { history } = collections(mongo);
    const hour = 3_600_000;
    await history.insertMany([
      record('old-1', new Date(Date.now() - hour)),
      record('old-2', new Date(Date.now() - 40 * 86_400_000)),
      record('fresh', new Date(Date.now() + hour)),
    ]);
    const deleted = await new HistoryRepository(collections(mongo)).purgeExpired(new Date());
    expect(deleted).toBe(2);
    expect((await history.find({}).toArray()).map((r) => r.requestId)).toEqual(['fresh']);
  });

  it('when workers start where TTL is refused, then one hourly purge is scheduled however many start', async () => {
    const queue = new Queue(FUNNEL_QUEUE, {
      connection: { url: env.REDIS_URL },
      prefix: env.QUEUE_PREFIX,
    });
    try {
      await Promise.all([1, 2, 3].map(() => schedulePurge(env.REDIS_URL, env.QUEUE_PREFIX, true)));
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.every])).toEqual([[PURGE_SCHEDULER_ID, 3_600_000]]);
      await schedulePurge(env.REDIS_URL, env.QUEUE_PREFIX, false);
      expect(await queue.getJobSchedulers()).toEqual([]);
    } finally {
      await queue.close();
    }
  });
});

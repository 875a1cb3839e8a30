/**
 * The export delivery's steps on real engines without a worker or BullMQ's processing: the test
 * runs each step itself, with a clock it moves, and reads the jobs a step queued from Redis.
 */
import type { Connection } from 'mongoose';
import { ChangeFeed } from '../../../../core/changes/change-feed';
import { ChangeLogStore } from '../../../../core/changes/change-log-store';
import { createDeliveryClient } from '../../../../core/export/delivery/delivery-client';
import { generateWebhookSecret } from '../../../../core/export/delivery/webhook-secret';
import type {
  DeliveryRules,
  ExportDeliveryContext,
} from '../../../../core/export/export-delivery-context';
import { dispatchJobId, sendJobId } from '../../../../core/export/export-jobs';
import { ExportQueue } from '../../../../core/export/export-queue';
import { exportBodySchema, type ExportDocument } from '../../../../core/export/export-record';
import { ExportsRepository } from '../../../../core/export/exports.repository';
import { ItemsRepository } from '../../../../core/items/items.repository';
import { connectMongo } from '../../../../core/mongo/connection';
import { transactionsOf, type Transactions } from '../../../../core/mongo/transactions';
import { parseAllowedNetworks } from '../../../../core/platform/allowed-networks';
import { collections, type Collections } from '../../../../core/storage/collections';
import { openStorageEngine } from '../../../../core/storage/engines/open-storage-engine';
import { testKeys, testRedis, uniqueMongoUrl, uniquePrefix } from '../../../support/test-env';
import { applyChanges, EXPORT_TEST_ENV, type TestChange } from './export-fixture';

export interface DeliveryTestBed {
  context: ExportDeliveryContext;
  db: Collections;
  transactions: Transactions;
  queue: ExportQueue;
  /** The context's clock: starts at the real time and moves only when told. */
  clock: { now: Date; advance(ms: number): void };
  /** A `products` export of the tenant to `url`, delivering the changes from the log's start. */
  createExport(tenant: string, url: string): Promise<{ exp: ExportDocument; secret: string }>;
  /** Writes the items and appends their changes, as an item write does. */
  write(tenant: string, changes: TestChange[]): Promise<void>;
  reread(exp: ExportDocument): Promise<ExportDocument>;
  queued(job: { tenant: string; exportId: string; lane?: number }): Promise<boolean>;
  close(): Promise<void>;
}

export async function startDeliveryTestBed(
  label: string,
  rules: Partial<DeliveryRules> = {},
): Promise<DeliveryTestBed> {
  const mongo: Connection = await connectMongo(uniqueMongoUrl(label), 'test');
  const redis = testRedis();
  const keys = testKeys(uniquePrefix(label));
  const engine = await openStorageEngine(mongo);
  const db = collections(mongo);
  await engine.createIndexes(db);
  const queue = new ExportQueue(redis, keys);
  // Closed before it is ready, a queue reports the closed connection as an unhandled error.
  await queue.queues.waitUntilReady();
  const log = new ChangeLogStore(db, engine.changeBatches);
  const client = createDeliveryClient({
    allowed: parseAllowedNetworks(EXPORT_TEST_ENV.EXPORT_ALLOWED_NETWORKS)!,
    timeoutMs: Number(EXPORT_TEST_ENV.EXPORT_DELIVERY_TIMEOUT_MS),
  });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const context: ExportDeliveryContext = {
    db,
    items: new ItemsRepository(db),
    changeLog: new ChangeFeed(
      new ChangeLogStore(engine.feedCollections, engine.changeBatches),
      engine.feedCollections,
      engine.batches,
    ),
    queue,
    client,
    now: () => clock.now,
    rules: { retryDelaysMs: [1_000, 60_000], disableAfterMs: 3_600_000, logDays: 7, ...rules },
  };
  const transactions = transactionsOf(mongo);
  const exports = new ExportsRepository(db, transactions);
  return {
    context,
    db,
    transactions,
    queue,
    clock,
    async createExport(tenant, url) {
      const secret = generateWebhookSecret();
      const body = exportBodySchema.parse({ name: 'receiver', url, contentTypes: ['products'] });
      return { exp: await exports.create(tenant, body, secret, 0), secret };
    },
    async write(tenant, changes) {
      await applyChanges(db, log, tenant, changes);
    },
    async reread(exp) {
      const found = await db.exports.findOne({ _id: exp._id });
      if (!found) throw new Error(`export ${exp._id} is gone`);
      return found;
    },
    async queued(job) {
      const id =
        job.lane === undefined ? dispatchJobId(job) : sendJobId({ ...job, lane: job.lane });
      return (await queue.of(job.tenant).getJob(id)) !== undefined;
    },
    async close() {
      client.close();
      await queue.close();
      await redis.quit();
      await mongo.dropDatabase();
      await mongo.close();
    },
  };
}

/**
 * How long the delivery log keeps a delivery (docs/export.md#the-delivery-log): one that
 * succeeded goes `EXPORT_DELIVERY_LOG_DAYS` after its `succeededAt`; pending and failed ones stay
 * whatever their age, since they still have to be sent. On MongoDB a TTL index does it;
 * FerretDB v1 refuses TTL indexes, and there the worker's periodic purge runs `purge`. Both act
 * on the log's collection, and on the work queue too for the deliveries that succeeded there
 * before the log had a collection of its own.
 */
import type { mongo } from 'mongoose';
import type { Logger } from '../logging/logger';
import type { ExportCollections } from './export-collections';
import type { DeliveryDocument } from './delivery-record';
import { DELIVERY_PURGE_SCHEDULER_ID, EXPORT_JOB_OPTIONS } from './export-jobs';
import type { ExportQueue } from './export-queue';

const DAY_MS = 24 * 3600 * 1000;
export const DELIVERY_TTL_INDEX = 'succeeded_ttl';
/** Where succeeded deliveries are: the log, and the work queue for the older ones. */
const HOLDING_SUCCEEDED = ['export_delivery_log', 'export_deliveries'];
/** The purge's period: a delivery outlives its retention by an hour at most. */
export const DELIVERY_PURGE_EVERY_MS = 3600 * 1000;

interface IndexInfo {
  name?: string;
  expireAfterSeconds?: number;
}

/** Deliveries that succeeded before this are past the retention. */
export function retentionCutoff(days: number, now: Date): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * Creates the TTL index on `succeededAt` of each collection holding succeeded deliveries, or
 * moves its expiry to `days` when it exists with another (collMod: the index stays in place
 * meanwhile). Partial to succeeded deliveries, so that the index holds only what it may remove.
 * False where the server refuses TTL indexes.
 */
export async function ensureDeliveryLogTtl(
  database: mongo.Db,
  days: number,
  logger: Logger,
): Promise<boolean> {
  try {
    for (const name of HOLDING_SUCCEEDED) await ensureTtlOn(database, name, days);
    return true;
  } catch (error) {
    logger.info(
      { err: (error as Error).message },
      'the server refuses the delivery log TTL index; expiry falls to the periodic purge',
    );
    return false;
  }
}

async function ensureTtlOn(database: mongo.Db, name: string, days: number): Promise<void> {
  const expireAfterSeconds = days * (DAY_MS / 1000);
  const deliveries = database.collection<DeliveryDocument>(name);
  // A collection not made yet has no indexes; createIndex makes it.
  const indexes: IndexInfo[] = await deliveries
    .listIndexes()
    .toArray()
    .catch(() => []);
  const existing = indexes.find((index) => index.name === DELIVERY_TTL_INDEX);
  if (!existing) {
    await deliveries.createIndex(
      { succeededAt: 1 },
      {
        name: DELIVERY_TTL_INDEX,
        expireAfterSeconds,
        partialFilterExpression: { status: 'succeeded' },
      },
    );
  } else if (existing.expireAfterSeconds !== expireAfterSeconds) {
    await database.command({
      collMod: name,
      index: { name: DELIVERY_TTL_INDEX, expireAfterSeconds },
    });
  }
}

export class DeliveryLogRetention {
  constructor(
    private readonly db: ExportCollections,
    private readonly days: number,
  ) {}

  /**
   * Puts the hourly purge on the export queue where the TTL index is refused, and takes it off
   * where it serves. A fixed scheduler id: one schedule however many workers start.
   */
  async schedule(queue: ExportQueue, enabled: boolean): Promise<void> {
    if (!enabled) {
      await queue.queue.removeJobScheduler(DELIVERY_PURGE_SCHEDULER_ID);
      return;
    }
    await queue.queue.upsertJobScheduler(
      DELIVERY_PURGE_SCHEDULER_ID,
      { every: DELIVERY_PURGE_EVERY_MS },
      { name: 'purge-deliveries', data: {}, opts: EXPORT_JOB_OPTIONS },
    );
  }

  /**
   * Removes the deliveries that succeeded before the retention, in one deleteMany per collection:
   * FerretDB v1 passes over a collection once for it, where one delete per delivery would pass
   * once each.
   */
  async purge(now: Date): Promise<number> {
    const expired = {
      status: 'succeeded' as const,
      succeededAt: { $lt: retentionCutoff(this.days, now) },
    };
    const logged = await this.db.exportDeliveryLog.deleteMany(expired);
    const older = await this.db.exportDeliveries.deleteMany(expired);
    return logged.deletedCount + older.deletedCount;
  }
}

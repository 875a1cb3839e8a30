/**
 * The export's own BullMQ Worker on the `exports` queue, with its own concurrency: a slow
 * receiver takes export slots only, never those of ingestion. Each job is parsed, run by the
 * export delivery (core/export/export-delivery.ts), and its outcome answered to BullMQ.
 */
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { ChangeLogReader } from '../core/changes/change-log';
import type { WorkerConfig } from '../core/platform/config';
import { createDeliveryClient } from '../core/export/delivery/delivery-client';
import type { ExportCollections } from '../core/export/export-collections';
import { afterExportJob, runExportJob } from '../core/export/export-delivery';
import type { ExportDeliveryContext } from '../core/export/export-delivery-context';
import type { ExportJobOutcome } from '../core/export/export-job-outcome';
import { EXPORT_QUEUE, exportJobSchema, type ExportJob } from '../core/export/export-jobs';
import { ExportQueue } from '../core/export/export-queue';
import { ExportChangeListener } from '../core/export/wake-ups/export-change-listener';
import { scheduleSweep } from '../core/export/wake-ups/export-sweep';
import type { ItemCollections } from '../core/items/item-collections';
import type { ItemsRepository } from '../core/items/items.repository';
import type { Logger } from '../core/platform/logger';
import type { RedisClient } from '../core/redis/redis-connection';
import type { KeySpace } from '../core/redis/key-space';
import { ShardWorkers } from './shard-workers';
import type { ExportMetrics } from './metrics/export-metrics';

export type ExportWorkerConfig = Pick<
  WorkerConfig,
  | 'JOB_LOCK_MS'
  | 'EXPORT_ALLOWED_NETWORKS'
  | 'EXPORT_RETRY_DELAYS_MS'
  | 'EXPORT_DELIVERY_TIMEOUT_MS'
  | 'EXPORT_DISABLE_AFTER_MS'
  | 'EXPORT_CONCURRENCY'
  | 'EXPORT_SWEEP_MS'
  | 'EXPORT_DELIVERY_LOG_DAYS'
>;

export interface ExportWorkerParts {
  db: ExportCollections & ItemCollections;
  /** The items, which a resync sends again. */
  items: Pick<ItemsRepository, 'list'>;
  changeLog: ChangeLogReader;
  /** A blocking connection, shared with the funnel queue's workers. */
  redis: RedisClient;
  keys: KeySpace;
  logger: Logger;
  workerId: string;
  metrics: ExportMetrics;
}

export interface ExportWorker {
  /** The export queue's Worker of each shard. */
  worker: ShardWorkers;
  queue: ExportQueue;
  /** For the item writes: queues a dispatch of the tenant's active exports. */
  changeListener: ExportChangeListener;
  close(): Promise<void>;
}

/** A job that does not parse would fail alike on every attempt: it fails for good. */
function parse(job: Job): ExportJob {
  const parsed = exportJobSchema.safeParse({ name: job.name, data: job.data as unknown });
  if (parsed.success) return parsed.data;
  throw new UnrecoverableError(`Export job "${job.name}" is not one: ${parsed.error.message}`);
}

/** Done: the job's result. Again: back to the queue until then, under the same job id. */
async function answer(job: Job, token: string | undefined, outcome: ExportJobOutcome) {
  if (outcome.kind === 'done') return outcome.result;
  await job.moveToDelayed(outcome.at.getTime(), token);
  throw new DelayedError();
}

export async function startExportWorker(
  config: ExportWorkerConfig,
  parts: ExportWorkerParts,
): Promise<ExportWorker> {
  const { logger } = parts;
  const queue = new ExportQueue(parts.redis, parts.keys);
  const client = createDeliveryClient({
    allowed: config.EXPORT_ALLOWED_NETWORKS,
    timeoutMs: config.EXPORT_DELIVERY_TIMEOUT_MS,
  });
  const context: ExportDeliveryContext = {
    db: parts.db,
    items: parts.items,
    changeLog: parts.changeLog,
    queue,
    client,
    now: () => new Date(),
    rules: {
      retryDelaysMs: config.EXPORT_RETRY_DELAYS_MS,
      disableAfterMs: config.EXPORT_DISABLE_AFTER_MS,
      logDays: config.EXPORT_DELIVERY_LOG_DAYS,
    },
    observe: (attempt, delivery) => parts.metrics.attempted(attempt, delivery),
  };

  const worker = new ShardWorkers({
    queueName: EXPORT_QUEUE,
    keys: parts.keys,
    connection: parts.redis,
    concurrency: config.EXPORT_CONCURRENCY,
    processorOf: () => async (job, token) =>
      answer(job, token, await runExportJob(parse(job), context)),
    options: {
      lockDuration: config.JOB_LOCK_MS,
      stalledInterval: config.JOB_LOCK_MS,
      name: `${parts.workerId}:exports`,
    },
  });
  worker.on('error', (error) => logger.warn({ err: error }, 'export worker connection error'));
  worker.on('failed', (job, error) => {
    const again = !(error instanceof UnrecoverableError);
    const message = again ? 'export job failed; it is tried again' : 'export job failed for good';
    logger.warn({ err: error, job: job?.name }, message);
  });
  // Only now is the job gone from the queue, so that a wake-up it missed can be queued.
  const recheck = async (job: Job) => afterExportJob(parse(job), context);
  worker.on('completed', (job) => {
    recheck(job).catch((error: unknown) =>
      logger.warn({ err: error }, 'export recheck failed; the sweep will look again'),
    );
  });

  await scheduleSweep(queue, config.EXPORT_SWEEP_MS);
  await worker.waitUntilReady();
  return {
    worker,
    queue,
    changeListener: new ExportChangeListener(parts.db, queue, logger),
    async close() {
      await worker.close();
      await queue.close();
      client.close();
    },
  };
}

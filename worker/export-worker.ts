/**
 * The export's own BullMQ Worker on the `exports` queue, with its own concurrency: a slow
 * receiver takes export slots only, never those of ingestion. Runs dispatch, send and sweep jobs
 * (docs/export.md#deliveries).
 */
import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ChangeLogReader } from '../core/changes/change-log';
import type { WorkerConfig } from '../core/platform/config';
import { createDeliveryClient } from '../core/export/delivery/delivery-client';
import type { ExportCollections } from '../core/export/export-collections';
import {
  ACTIVE_EXPORTS_CACHE_MS,
  ExportChangeListener,
} from '../core/export/wake-ups/export-change-listener';
import { ExportDispatcher } from '../core/export/dispatch/export-dispatcher';
import {
  dispatchJobSchema,
  EXPORT_QUEUE,
  sendJobSchema,
  type DispatchJob,
} from '../core/export/export-jobs';
import { ExportQueue } from '../core/export/export-queue';
import { exportDocumentId } from '../core/export/export-record';
import { ExportSender, newLaneProgress, type SendStep } from '../core/export/export-sender';
import { ExportSweep } from '../core/export/wake-ups/export-sweep';
import type { ItemCollections } from '../core/items/item-collections';
import type { Logger } from '../core/platform/logger';
import type { DocumentUpdates } from '../core/mongo/document-updates';
import { redisOptions } from '../core/redis/redis-connection';
import type { ExportMetrics } from './metrics/export-metrics';

/** After the lists of active exports may have missed an export: how much later to look again. */
const LISTED_MARGIN_MS = 250;
/** A send job yields its slot after this many deliveries or this long, then goes on. */
const SEND_BUDGET = 100;
const SEND_TIME_BUDGET_MS = 20_000;

export type ExportWorkerConfig = Pick<
  WorkerConfig,
  | 'REDIS_URL'
  | 'QUEUE_PREFIX'
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
  changeLog: ChangeLogReader;
  /** Updates of an export's document and of its deliveries. */
  documents: DocumentUpdates;
  redis: Redis;
  logger: Logger;
  workerId: string;
  metrics: ExportMetrics;
}

export interface ExportWorker {
  worker: Worker;
  queue: ExportQueue;
  /** For the item writes: queues a dispatch of the tenant's active exports. */
  changeListener: ExportChangeListener;
  close(): Promise<void>;
}

/** Moves the running job back to the queue until `at`, under the same job id. */
async function again(job: Job, token: string | undefined, at: number): Promise<never> {
  await job.moveToDelayed(at, token);
  throw new DelayedError();
}

export async function startExportWorker(
  config: ExportWorkerConfig,
  parts: ExportWorkerParts,
): Promise<ExportWorker> {
  const { db, logger } = parts;
  const queue = new ExportQueue(parts.redis, config.QUEUE_PREFIX);
  const client = createDeliveryClient({
    allowed: config.EXPORT_ALLOWED_NETWORKS,
    timeoutMs: config.EXPORT_DELIVERY_TIMEOUT_MS,
  });
  const dispatcher = new ExportDispatcher(db, parts.documents, parts.changeLog);
  const sender = new ExportSender(db, parts.documents, client, {
    retryDelaysMs: config.EXPORT_RETRY_DELAYS_MS,
    disableAfterMs: config.EXPORT_DISABLE_AFTER_MS,
    logDays: config.EXPORT_DELIVERY_LOG_DAYS,
    observe: (attempt, delivery) => parts.metrics.attempted(attempt, delivery),
  });
  const sweep = new ExportSweep(db, parts.changeLog, queue);

  async function dispatch(job: Job, token?: string): Promise<string> {
    const data = dispatchJobSchema.parse(job.data);
    const outcome = await dispatcher.run(
      exportDocumentId(data.tenant, data.exportId),
      async (lanes) => {
        for (const lane of lanes) await queue.send({ ...data, lane });
      },
    );
    if (outcome.more) return again(job, token, Date.now());
    // Writes made before every worker's list of active exports held this export queued no
    // dispatch: one more look once the lists have it (the job keeps its id, so the writes' own
    // wake-ups meanwhile add nothing).
    const listed = (outcome.settingsChangedAt?.getTime() ?? 0) + ACTIVE_EXPORTS_CACHE_MS;
    if (listed > Date.now()) return again(job, token, listed + LISTED_MARGIN_MS);
    return 'done';
  }

  async function send(job: Job, token?: string): Promise<string> {
    const data = sendJobSchema.parse(job.data);
    const id = exportDocumentId(data.tenant, data.exportId);
    const started = Date.now();
    const progress = newLaneProgress();
    let step: SendStep = { kind: 'sent' };
    for (let i = 0; i < SEND_BUDGET && Date.now() - started < SEND_TIME_BUDGET_MS; i += 1) {
      step = await sender.step(id, data.lane, progress);
      if (step.kind !== 'sent') break;
    }
    await sender.count(id, data.lane, progress);
    if (step.kind === 'idle') return 'idle';
    return again(job, token, step.kind === 'wait' ? step.until.getTime() : Date.now());
  }

  const worker = new Worker(
    EXPORT_QUEUE,
    async (job, token) => {
      if (job.name === 'dispatch') return dispatch(job, token);
      if (job.name === 'send') return send(job, token);
      if (job.name === 'sweep') return sweep.run();
      throw new Error(`Unknown export job "${job.name}"`);
    },
    {
      connection: { url: config.REDIS_URL, ...redisOptions('blocking') },
      prefix: config.QUEUE_PREFIX,
      concurrency: config.EXPORT_CONCURRENCY,
      lockDuration: config.JOB_LOCK_MS,
      stalledInterval: config.JOB_LOCK_MS,
      name: `${parts.workerId}:exports`,
    },
  );
  worker.on('error', (error) => logger.warn({ err: error }, 'export worker connection error'));
  worker.on('failed', (job, error) => {
    logger.warn({ err: error, job: job?.name }, 'export job failed; it is tried again');
  });
  // A wake-up that arrived while the job was still running was dropped as a duplicate: look
  // again now that the job is gone, so that no change waits for the sweep.
  worker.on('completed', (job) => {
    recheck(job).catch((error: unknown) =>
      logger.warn({ err: error }, 'export recheck failed; the sweep will look again'),
    );
  });
  async function recheck(job: Job): Promise<void> {
    if (job.name !== 'dispatch' && job.name !== 'send') return;
    const data = job.data as DispatchJob & { lane?: number };
    const exp = await db.exports.findOne({ _id: exportDocumentId(data.tenant, data.exportId) });
    if (!exp || exp.state !== 'active' || exp.forming) return;
    if (job.name === 'dispatch' && (await sweep.hasChangesWaiting(exp))) {
      await queue.dispatch(data);
    }
    const lane = exp.lanes[data.lane ?? -1];
    if (job.name === 'send' && lane && lane.formed > lane.sent) {
      await queue.send({ ...data, lane: data.lane ?? 0 });
    }
  }

  await sweep.schedule(config.EXPORT_SWEEP_MS);
  await worker.waitUntilReady();
  return {
    worker,
    queue,
    changeListener: new ExportChangeListener(db, queue, logger),
    async close() {
      await worker.close();
      await queue.close();
      client.close();
    },
  };
}

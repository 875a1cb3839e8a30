/**
 * The export's own BullMQ Worker on the `exports` queue, with its own concurrency: a slow
 * receiver takes export slots only, never those of ingestion. Runs dispatch, send and sweep jobs
 * (docs/export.md#deliveries), and the delivery log's purge where no TTL index does its work.
 */
import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ChangeLogReader } from '../core/changes/change-log';
import type { WorkerConfig } from '../core/config/config';
import { createDeliveryClient } from '../core/export/delivery-client';
import { DeliveryLogRetention } from '../core/export/delivery-log-retention';
import type { ExportCollections } from '../core/export/export-collections';
import {
  ACTIVE_EXPORTS_CACHE_MS,
  ExportChangeListener,
} from '../core/export/export-change-listener';
import { ExportDispatcher } from '../core/export/export-dispatcher';
import {
  dispatchJobSchema,
  EXPORT_QUEUE,
  sendJobSchema,
  type DispatchJob,
} from '../core/export/export-jobs';
import { ExportQueue } from '../core/export/export-queue';
import { exportDocumentId } from '../core/export/export-record';
import { ExportSender, newLaneProgress, type SendStep } from '../core/export/export-sender';
import { ExportSweep } from '../core/export/export-sweep';
import {
  DISPATCH_RECHECK_MS,
  DISPATCH_WAIT_MS,
  IngestActivity,
  SEND_PAUSE_MS,
} from '../core/export/ingest-first';
import type { ItemCollections } from '../core/items/item-collections';
import type { Logger } from '../core/logging/logger';
import type { DocumentTurns } from '../core/mongo/document-turns';
import { redisOptions } from '../core/queue/redis-connection';
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
  redis: Redis;
  logger: Logger;
  workerId: string;
  /** Writers of an export document take turns where the engine needs it. */
  turns: DocumentTurns;
  metrics: ExportMetrics;
  /** Step aside while funnel jobs run (core/export/ingest-first.ts): where writes take turns. */
  ingestFirst?: boolean;
  /** A TTL index expires the delivery log (core/export/delivery-log-retention.ts): no purge. */
  deliveryLogTtl: boolean;
}

export interface ExportWorker {
  worker: Worker;
  queue: ExportQueue;
  /** For the item writes: queues a dispatch of the tenant's active exports. */
  changeListener: ExportChangeListener;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const dispatcher = new ExportDispatcher(db, parts.changeLog, parts.turns);
  const sender = new ExportSender(
    db,
    client,
    {
      retryDelaysMs: config.EXPORT_RETRY_DELAYS_MS,
      disableAfterMs: config.EXPORT_DISABLE_AFTER_MS,
      observe: (attempt, delivery) => parts.metrics.attempted(attempt, delivery),
    },
    parts.turns,
  );
  const sweep = new ExportSweep(db, parts.changeLog, queue);
  const retention = new DeliveryLogRetention(db, config.EXPORT_DELIVERY_LOG_DAYS);
  const ingest = parts.ingestFirst ? new IngestActivity(parts.redis, config.QUEUE_PREFIX) : null;

  /** Per dispatch job, since when it has stepped aside for ingestion. */
  const asideSince = new Map<string, number>();
  async function dispatch(job: Job, token?: string): Promise<string> {
    const data = dispatchJobSchema.parse(job.data);
    const key = job.id ?? '';
    let aside = false;
    const stepAside = async () => {
      if (!ingest || !(await ingest.busy())) return false;
      const since = asideSince.get(key) ?? Date.now();
      if (Date.now() - since >= DISPATCH_WAIT_MS) return false;
      if (asideSince.size > 10_000) asideSince.clear();
      asideSince.set(key, since);
      aside = true;
      return true;
    };
    const outcome = await dispatcher.run(
      exportDocumentId(data.tenant, data.exportId),
      async (lanes) => {
        for (const lane of lanes) await queue.send({ ...data, lane });
      },
      stepAside,
    );
    if (!aside) asideSince.delete(key);
    if (outcome.more) return again(job, token, Date.now() + (aside ? DISPATCH_RECHECK_MS : 0));
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
      if (ingest && (await ingest.busy())) await sleep(SEND_PAUSE_MS);
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
      if (job.name === 'purge-deliveries') return purgeDeliveries();
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

  async function purgeDeliveries(): Promise<number> {
    const deleted = await retention.purge(new Date());
    logger.info({ deleted }, 'expired export deliveries purged');
    return deleted;
  }

  await sweep.schedule(config.EXPORT_SWEEP_MS);
  await retention.schedule(queue, !parts.deliveryLogTtl);
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

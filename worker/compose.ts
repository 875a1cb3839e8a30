/**
 * Builds a worker process's parts from its configuration: the MongoDB connection, its storage
 * engine and indexes, the services every job shares, and the BullMQ Worker that runs them.
 * `worker/main.ts` runs it as a process; tests run the same in their own process.
 */
import { hostname } from 'node:os';
import { Queue, Worker } from 'bullmq';
import type { WorkerConfig } from '../core/platform/config';
import { HistoryRepository } from '../core/history/history.repository';
import { ChunkPlans } from '../core/ingest/chunks/chunk-plans';
import type { IngestServices } from '../core/ingest/ingest-context';
import { ItemStore } from '../core/items/item-store';
import { redisWriteLock } from '../core/items/write-lock';
import { ChangeLogSink } from '../core/changes/change-log-sink';
import { ChangeLogStore } from '../core/changes/change-log-store';
import { NO_CHANGE_LISTENER, type ChangeListener } from '../core/changes/change-listener';
import { ChangeFeed } from '../core/changes/change-feed';
import type { Logger } from '../core/platform/logger';
import { connectMongo } from '../core/mongo/connection';
import { openStorageEngine } from '../core/storage/engines/open-storage-engine';
import type { StorageEngine } from '../core/storage/engines/storage-engine';
import { IdempotencyRecords } from '../core/redis/idempotency-records';
import { backoffStrategy, DEFAULT_JOB_OPTIONS } from '../core/queue/job-options';
import { PayloadStore } from '../core/redis/payload-store';
import { LargeJobLeases } from '../core/redis/large-job-leases';
import { FUNNEL_QUEUE } from '../core/queue/queue-names';
import { TenantRanks } from '../core/redis/tenant-ranks';
import { createRedis, redisOptions } from '../core/redis/redis-connection';
import { SettingsCache } from '../core/settings/settings-cache';
import { SettingsVersions } from '../core/settings/settings-versions';
import { collections } from '../core/storage/collections';
import { applySchedules, FINISH_CHANGES_SCHEDULE, PURGE_SCHEDULE } from './schedules';
import { syncServices } from '../core/syncs/sync-services';
import { FairShare } from './fair-share';
import { ExportLag } from '../core/export/export-lag';
import { startExportWorker, type ExportWorker, type ExportWorkerConfig } from './export-worker';
import { createDispatcher } from './job-dispatcher';
import { ExportMetrics } from './metrics/export-metrics';
import { startMetricsServer } from './metrics/metrics-server';
import { listeningPort } from './metrics/listen-in-range';
import { WorkerMetrics } from './metrics/worker-metrics';
import { PROCESSORS } from './processors';

/** Time left at the end of the shutdown budget for handing jobs back and closing connections. */
const HAND_BACK_MARGIN_MS = 3_000;

export type ComposeWorkerConfig = ExportWorkerConfig &
  Pick<
    WorkerConfig,
    | 'REDIS_URL'
    | 'MONGO_URL'
    | 'QUEUE_PREFIX'
    | 'MONGO_WRITE_CONCERN'
    | 'WORKER_CONCURRENCY'
    | 'JOB_LOCK_MS'
    | 'HISTORY_TTL_DAYS'
    | 'CHUNK_SIZE'
    | 'LARGE_REQUEST_BYTES'
    | 'LARGE_JOBS_PER_TENANT'
    | 'WORKER_METRICS_PORT'
    | 'WORKER_METRICS_HOST'
  >;

export interface ComposedWorker {
  worker: Worker;
  workerId: string;
  engine: StorageEngine;
  chunkSize: number | undefined;
  /** The port of WORKER_METRICS_PORT this worker took; undefined when it serves none. */
  metricsPort: number | undefined;
  /** The export's worker, and the listener the item writes tell of new changes. */
  exports: ExportWorker;
  /**
   * Lets running jobs finish by `deadline` (epoch ms); those that would overrun it are handed
   * back to the queue. Then closes every connection.
   */
  close(deadline?: number): Promise<void>;
}

export async function composeWorker(
  config: ComposeWorkerConfig,
  logger: Logger,
): Promise<ComposedWorker> {
  const mongo = await connectMongo(config.MONGO_URL, 'funnel-sync-worker', {
    writeConcern: config.MONGO_WRITE_CONCERN,
  });
  const workerId = `${hostname()}:${process.pid}`;
  // Waits out a Redis restart rather than failing the job that reads its body.
  const redis = createRedis(config.REDIS_URL, 'blocking', 'worker-payloads');
  redis.on('error', (error) => logger.warn({ err: error }, 'payload connection error'));
  const engine = await openStorageEngine(mongo);
  const documents = engine.documentUpdates({ redis, prefix: config.QUEUE_PREFIX, logger });
  const db = collections(mongo);
  const expiry = await engine.ensureIndexes(db, logger);
  await applySchedules(config.REDIS_URL, config.QUEUE_PREFIX, [
    { schedule: PURGE_SCHEDULE, enabled: expiry === 'periodic-purge' },
    { schedule: FINISH_CHANGES_SCHEDULE, enabled: true },
  ]);
  const chunkSize = config.CHUNK_SIZE;
  // For the jobs that jobs add: a large request's chunk jobs, a late history record.
  const queue = new Queue(FUNNEL_QUEUE, {
    connection: redis,
    prefix: config.QUEUE_PREFIX,
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
  queue.on('error', (error) => logger.warn({ err: error }, 'queue connection error'));

  const writeLock = redisWriteLock(redis, config.QUEUE_PREFIX, logger);
  // The export worker starts after the jobs' services; until then its periodic sweep catches up.
  let exportListener: ChangeListener = NO_CHANGE_LISTENER;
  const changeLog = new ChangeLogSink(new ChangeLogStore(db, engine.changeBatches), {
    changed: (tenant, head) => exportListener.changed(tenant, head),
  });
  const services: IngestServices = {
    logger,
    workerId,
    payloads: new PayloadStore(redis, config.QUEUE_PREFIX),
    settings: new SettingsCache(db, new SettingsVersions(redis, config.QUEUE_PREFIX)),
    idempotency: new IdempotencyRecords(redis, config.QUEUE_PREFIX),
    items: new ItemStore(db, engine, writeLock, changeLog),
    history: new HistoryRepository(db),
    historyTtlDays: config.HISTORY_TTL_DAYS,
    chunkSize,
    chunkPlans: new ChunkPlans(redis, config.QUEUE_PREFIX),
    syncs: syncServices(db, redis, config.QUEUE_PREFIX, documents),
    purgeExpired: (now) => engine.purgeExpired(db, now),
  };
  const fairShare = new FairShare({
    leases: new LargeJobLeases(
      redis,
      config.QUEUE_PREFIX,
      `${config.QUEUE_PREFIX}:${FUNNEL_QUEUE}:`,
      config.LARGE_JOBS_PER_TENANT,
    ),
    ranks: new TenantRanks(redis, config.QUEUE_PREFIX),
    largeBytes: config.LARGE_REQUEST_BYTES,
    queue,
    logger,
  });
  const metrics = new WorkerMetrics(config.WORKER_CONCURRENCY);
  let takesJobs = (): boolean => false;
  // Taken before the worker takes jobs: a port in use stops the start, not a running job.
  const metricsServer = await startMetricsServer(config, {
    registry: metrics.registry,
    running: () => takesJobs(),
  });
  const worker = new Worker(
    FUNNEL_QUEUE,
    createDispatcher({ services, processors: PROCESSORS, queue, metrics, fairShare }),
    {
      connection: { url: config.REDIS_URL, ...redisOptions('blocking') },
      prefix: config.QUEUE_PREFIX,
      concurrency: config.WORKER_CONCURRENCY,
      // A worker that dies holding a job loses its lock after this long; the job is then taken
      // up again by another worker (BullMQ's stalled-job check runs as often).
      lockDuration: config.JOB_LOCK_MS,
      stalledInterval: config.JOB_LOCK_MS,
      name: workerId,
      settings: { backoffStrategy },
    },
  );
  worker.on('error', (error) => logger.warn({ err: error }, 'worker connection error'));
  takesJobs = () => worker.isRunning();
  await worker.waitUntilReady();
  const changeFeed = new ChangeFeed(
    new ChangeLogStore(engine.feedCollections, engine.changeBatches),
    engine.feedCollections,
    engine.batches,
  );
  const exportWorker = await startExportWorker(config, {
    db,
    changeLog: changeFeed,
    documents,
    redis,
    logger,
    workerId,
    metrics: new ExportMetrics(metrics.registry, new ExportLag(db, changeFeed)),
  });
  exportListener = exportWorker.changeListener;

  return {
    worker,
    workerId,
    engine,
    chunkSize,
    metricsPort: metricsServer && listeningPort(metricsServer),
    exports: exportWorker,
    async close(deadline = Date.now() + 10_000) {
      const handBack = setTimeout(
        () => worker.cancelAllJobs('shutdown'),
        Math.max(0, deadline - Date.now() - HAND_BACK_MARGIN_MS),
      );
      await Promise.all([worker.close(), exportWorker.close()]);
      clearTimeout(handBack);
      await queue.close();
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      redis.disconnect();
      await mongo.close();
    },
  };
}

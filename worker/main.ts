/** A worker process: takes jobs from the funnel queue and runs them against MongoDB. */
import { hostname } from 'node:os';
import { Queue, Worker } from 'bullmq';
import { loadConfigOrExit } from '../core/config/config';
import { collections } from '../core/db/collections';
import { detectEngine } from '../core/db/engine';
import { NO_WRITE_LOCK, redisWriteLock } from '../core/db/write-lock';
import { ensureIndexes } from '../core/db/indexes';
import { connectMongo } from '../core/db/mongo';
import { onShutdownSignal } from '../core/lifecycle/graceful-shutdown';
import { createLogger } from '../core/logging/logger';
import { backoffStrategy, DEFAULT_JOB_OPTIONS } from '../core/queue/job-options';
import { FUNNEL_QUEUE } from '../core/queue/queue-names';
import { IdempotencyRecords } from '../core/queue/idempotency-records';
import { PayloadStore } from '../core/queue/payload-store';
import { createRedis, redisOptions } from '../core/queue/redis-connection';
import { SettingsVersions } from '../core/settings/settings-versions';
import { ChunkPlans } from './chunks/chunk-plans';
import { chunkSizeFor } from './chunks/chunk-size';
import { schedulePurge } from './history-purge-schedule';
import { SettingsCache } from './ingest/settings-cache';
import { createDispatcher } from './job-dispatcher';
import { startMetricsServer } from './metrics/metrics-server';
import { WorkerMetrics } from './metrics/worker-metrics';
import { PROCESSORS } from './processors';

/** Time left at the end of the shutdown budget for handing jobs back and closing connections. */
const HAND_BACK_MARGIN_MS = 3_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit('worker');
  const logger = createLogger('worker', config.LOG_LEVEL);
  const mongo = await connectMongo(config.MONGO_URL, 'funnel-sync-worker');
  const workerId = `${hostname()}:${process.pid}`;
  // Waits out a Redis restart rather than failing the job that reads its body.
  const payloadRedis = createRedis(config.REDIS_URL, 'blocking', 'worker-payloads');
  payloadRedis.on('error', (error) => logger.warn({ err: error }, 'payload connection error'));
  const engine = await detectEngine(mongo);
  const { ttlIndex } = await ensureIndexes(collections(mongo), logger);
  await schedulePurge(config.REDIS_URL, config.QUEUE_PREFIX, !ttlIndex);
  const chunkSize = chunkSizeFor(config.CHUNK_SIZE, engine);
  // For the jobs that jobs add: a large request's chunk jobs, a late history record.
  const queue = new Queue(FUNNEL_QUEUE, {
    connection: payloadRedis,
    prefix: config.QUEUE_PREFIX,
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
  queue.on('error', (error) => logger.warn({ err: error }, 'queue connection error'));

  const metrics = new WorkerMetrics(config.WORKER_CONCURRENCY);
  let takesJobs = (): boolean => false;
  // Taken before the worker takes jobs: a port in use stops the start, not a running job.
  const metricsServer = await startMetricsServer(config.WORKER_METRICS_PORT, {
    registry: metrics.registry,
    running: () => takesJobs(),
  });

  const worker = new Worker(
    FUNNEL_QUEUE,
    createDispatcher({
      logger,
      mongo,
      processors: PROCESSORS,
      workerId,
      payloads: new PayloadStore(payloadRedis, config.QUEUE_PREFIX),
      settings: new SettingsCache(
        collections(mongo),
        new SettingsVersions(payloadRedis, config.QUEUE_PREFIX),
      ),
      idempotency: new IdempotencyRecords(payloadRedis, config.QUEUE_PREFIX),
      historyTtlDays: config.HISTORY_TTL_DAYS,
      engine,
      writeLock: engine.indexedFilters
        ? NO_WRITE_LOCK
        : redisWriteLock(payloadRedis, config.QUEUE_PREFIX, logger),
      queue,
      chunkSize,
      chunkPlans: new ChunkPlans(payloadRedis, config.QUEUE_PREFIX),
      metrics,
    }),
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
  logger.info(
    {
      workerId,
      concurrency: config.WORKER_CONCURRENCY,
      chunkSize: chunkSize ?? 'off',
      engine,
      metricsPort: config.WORKER_METRICS_PORT || 'off',
    },
    'worker ready',
  );

  onShutdownSignal(logger, async (deadline) => {
    // Let running jobs finish; those that would overrun the budget are handed back to the queue.
    const handBack = setTimeout(
      () => worker.cancelAllJobs('shutdown'),
      Math.max(0, deadline - Date.now() - HAND_BACK_MARGIN_MS),
    );
    await worker.close();
    clearTimeout(handBack);
    await queue.close();
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    payloadRedis.disconnect();
    await mongo.close();
  });
}

main().catch((error: unknown) => {
  createLogger('worker').fatal({ err: error }, 'worker failed to start');
  process.exit(1);
});

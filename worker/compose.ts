/**
 * Builds a worker process's parts from its configuration: the MongoDB connection, its storage
 * engine (refused without the service's indexes), the services every job shares, and the BullMQ
 * Worker that runs them. `worker/main.ts` runs it as a process; tests run the same in their own
 * process.
 */
import { hostname } from 'node:os';
import type { WorkerConfig } from '../core/platform/config';
import { HistoryPayloadsRepository } from '../core/history/history-payloads.repository';
import { HistoryRepository } from '../core/history/history.repository';
import { ChunkPlans } from '../core/ingest/chunks/chunk-plans';
import type { IngestServices } from '../core/ingest/ingest-context';
import { ItemStore } from '../core/items/item-store';
import { ItemsRepository } from '../core/items/items.repository';
import { redisWriteLock } from '../core/items/write-lock';
import { transactionsOf } from '../core/mongo/transactions';
import { ChangeDiffs } from '../core/changes/change-diffs';
import { ChangeLogSink } from '../core/changes/change-log-sink';
import { ChangeLogStore } from '../core/changes/change-log-store';
import { NO_CHANGE_LISTENER, type ChangeListener } from '../core/changes/change-listener';
import { ChangeFeed } from '../core/changes/change-feed';
import type { Logger } from '../core/platform/logger';
import { connectMongo } from '../core/mongo/connection';
import { openStorageEngine } from '../core/storage/engines/open-storage-engine';
import type { StorageEngine } from '../core/storage/engines/storage-engine';
import { requireServiceIndexes } from '../core/storage/required-indexes';
import { IdempotencyRecords } from '../core/redis/idempotency-records';
import { backoffStrategy, DEFAULT_JOB_OPTIONS } from '../core/queue/job-options';
import { PayloadStore } from '../core/redis/payload-store';
import { LargeJobLeases } from '../core/redis/large-job-leases';
import { FUNNEL_QUEUE } from '../core/queue/queue-names';
import { TenantRanks } from '../core/redis/tenant-ranks';
import { createRedis } from '../core/redis/redis-connection';
import { KeySpace } from '../core/redis/key-space';
import { checkRedis } from '../core/redis/redis-preflight';
import { redisTopology } from '../core/platform/redis-topology';
import { ShardedQueues } from '../core/queue/sharded-queues';
import { ShardWorkers } from './shard-workers';
import { sendJobReplies } from '../core/queue/job-reply-sender';
import { SettingsCache } from '../core/settings/settings-cache';
import { SettingsVersions } from '../core/settings/settings-versions';
import { collections } from '../core/storage/collections';
import { syncServices } from '../core/syncs/sync-services';
import { redriveServices } from '../core/redrives/redrive-services';
import { FairShare } from './fair-share';
import { ExportLag } from '../core/export/export-lag';
import { startExportWorker, type ExportWorker, type ExportWorkerConfig } from './export-worker';
import { createDispatcher } from './job-dispatcher';
import { ExportMetrics } from './metrics/export-metrics';
import { startMetricsServer } from './metrics/metrics-server';
import { listeningPort } from './metrics/listen-in-range';
import { WorkerMetrics } from './metrics/worker-metrics';
import { processorTable } from './processors';

/** Time left at the end of the shutdown budget for handing jobs back and closing connections. */
const HAND_BACK_MARGIN_MS = 3_000;

export type ComposeWorkerConfig = ExportWorkerConfig &
  Pick<
    WorkerConfig,
    | 'REDIS_URL'
    | 'REDIS_CLUSTER_NODES'
    | 'REDIS_SENTINELS'
    | 'REDIS_SENTINEL_MASTER'
    | 'REDIS_USERNAME'
    | 'REDIS_PASSWORD'
    | 'QUEUE_SHARDS'
    | 'MONGO_URL'
    | 'QUEUE_PREFIX'
    | 'MONGO_WRITE_CONCERN'
    | 'MONGO_WRITE_TIMEOUT_MS'
    | 'MONGO_QUERY_TIMEOUT_MS'
    | 'WORKER_CONCURRENCY'
    | 'JOB_LOCK_MS'
    | 'HISTORY_TTL_DAYS'
    | 'HISTORY_PAYLOAD_DAYS'
    | 'CHUNK_SIZE'
    | 'LARGE_REQUEST_BYTES'
    | 'LARGE_JOBS_PER_TENANT'
    | 'WORKER_METRICS_PORT'
    | 'WORKER_METRICS_HOST'
  >;

export interface ComposedWorker {
  /** The funnel queue's Worker of each shard. */
  worker: ShardWorkers;
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
    writeTimeoutMS: config.MONGO_WRITE_TIMEOUT_MS,
    queryTimeoutMS: config.MONGO_QUERY_TIMEOUT_MS,
  });
  const workerId = `${hostname()}:${process.pid}`;
  const keys = new KeySpace(config.QUEUE_PREFIX, config.QUEUE_SHARDS);
  const topology = redisTopology(config);
  await checkRedis(topology, keys);
  // Waits out a Redis restart rather than failing the job that reads its body.
  const redis = createRedis(topology, 'blocking', 'worker-payloads');
  redis.on('error', (error) => logger.warn({ err: error }, 'payload connection error'));
  const engine = await openStorageEngine(mongo);
  const db = collections(mongo);
  await requireServiceIndexes(engine, db);
  // For the jobs that jobs add (a large request's chunk jobs, a late history record).
  const queues = new ShardedQueues(FUNNEL_QUEUE, keys, redis, DEFAULT_JOB_OPTIONS);
  queues.onError((error) => logger.warn({ err: error }, 'queue connection error'));
  const chunkSize = config.CHUNK_SIZE;

  const writeLock = redisWriteLock(redis, keys, logger);
  // The export worker starts after the jobs' services; until then its periodic sweep catches up.
  let exportListener: ChangeListener = NO_CHANGE_LISTENER;
  const changeLog = new ChangeLogSink(
    new ChangeLogStore(db, engine.changeBatches),
    { changed: (tenant, head) => exportListener.changed(tenant, head) },
    new ChangeDiffs(db, config.HISTORY_TTL_DAYS),
  );
  const metrics = new WorkerMetrics(config.WORKER_CONCURRENCY);
  const services: IngestServices = {
    logger,
    workerId,
    payloads: new PayloadStore(redis, keys),
    settings: new SettingsCache(db, new SettingsVersions(redis, keys)),
    idempotency: new IdempotencyRecords(redis, keys),
    items: new ItemStore(db, engine, transactionsOf(mongo, logger), {
      writeLock,
      changes: changeLog,
    }),
    history: new HistoryRepository(db),
    historyTtlDays: config.HISTORY_TTL_DAYS,
    historyPayloads: new HistoryPayloadsRepository(db, metrics.payloadKept),
    historyPayloadDays: config.HISTORY_PAYLOAD_DAYS,
    chunkSize,
    chunkPlans: new ChunkPlans(redis, keys),
    syncs: syncServices(db, redis, keys),
  };
  const fairShare = new FairShare({
    leases: new LargeJobLeases(redis, keys, config.LARGE_JOBS_PER_TENANT, async (tenant, id) => {
      const state = await queues.of(tenant).getJobState(id);
      return state === 'completed' || state === 'failed' || state === 'unknown';
    }),
    ranks: new TenantRanks(redis, keys),
    largeBytes: config.LARGE_REQUEST_BYTES,
    queues,
    logger,
  });
  const processors = processorTable(redriveServices(db, redis, keys));
  let takesJobs = (): boolean => false;
  // Taken before the worker takes jobs: a port in use stops the start, not a running job.
  const metricsServer = await startMetricsServer(config, {
    registry: metrics.registry,
    running: () => takesJobs(),
  });
  const worker = new ShardWorkers({
    queueName: FUNNEL_QUEUE,
    keys,
    connection: redis,
    concurrency: config.WORKER_CONCURRENCY,
    processorOf: ({ index }) =>
      createDispatcher({
        services,
        processors,
        queue: queues.all[index]?.queue ?? queues.of(undefined),
        metrics,
        fairShare,
      }),
    options: {
      // A worker that dies holding a job loses its lock after this long; the job is then taken
      // up again by another worker (BullMQ's stalled-job check runs as often).
      lockDuration: config.JOB_LOCK_MS,
      stalledInterval: config.JOB_LOCK_MS,
      name: workerId,
      settings: { backoffStrategy },
    },
  });
  worker.on('error', (error) => logger.warn({ err: error }, 'worker connection error'));
  sendJobReplies(worker, redis, keys, logger);
  takesJobs = () => worker.isRunning();
  await worker.waitUntilReady();
  const changeFeed = new ChangeFeed(
    new ChangeLogStore(engine.feedCollections, engine.changeBatches),
    engine.feedCollections,
    engine.batches,
  );
  const exportWorker = await startExportWorker(config, {
    db,
    items: new ItemsRepository(db),
    changeLog: changeFeed,
    redis,
    keys,
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
      await queues.close();
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      redis.disconnect();
      await mongo.close();
    },
  };
}

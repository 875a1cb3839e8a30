/**
 * Builds an API process's parts from its configuration: the MongoDB connection, its storage
 * engine (refused without the service's indexes), the queue, the routes' context and the Express
 * app. `api/main.ts` serves it; tests serve the same.
 */
import type { Express } from 'express';
import type { ApiConfig } from '../core/platform/config';
import { connectMongo, pingMongo } from '../core/mongo/connection';
import { openStorageEngine } from '../core/storage/engines/open-storage-engine';
import { requireServiceIndexes } from '../core/storage/required-indexes';
import { checkReadiness } from '../core/platform/readiness';
import type { Logger } from '../core/platform/logger';
import { FunnelQueue } from '../core/queue/funnel-queue';
import { KeySpace } from '../core/redis/key-space';
import { checkRedis } from '../core/redis/redis-preflight';
import { redisTopology } from '../core/platform/redis-topology';
import { createApp } from './app';
import { createApiContext, type ApiContext } from './context';
import type { Clock } from './middleware/request-id';

export interface ComposedApi {
  app: Express;
  context: ApiContext;
  /** Closes the queue and the MongoDB connection (the HTTP server is the caller's). */
  close(): Promise<void>;
}

export interface ComposeApiOptions {
  /** The clock requests are stamped with (tests give API processes clocks that disagree). */
  clock?: Clock;
}

export async function composeApi(
  config: ApiConfig,
  logger: Logger,
  options: ComposeApiOptions = {},
): Promise<ComposedApi> {
  const topology = redisTopology(config);
  const keys = new KeySpace(config.QUEUE_PREFIX, config.QUEUE_SHARDS);
  await checkRedis(topology, keys);
  const mongo = await connectMongo(config.MONGO_URL, 'funnel-sync-api', {
    writeConcern: config.MONGO_WRITE_CONCERN,
    writeTimeoutMS: config.MONGO_WRITE_TIMEOUT_MS,
    queryTimeoutMS: config.MONGO_QUERY_TIMEOUT_MS,
  });
  const queue = new FunnelQueue({ topology, keys });
  await queue.waitUntilReady();
  const context = createApiContext(config, logger, mongo, queue, await openStorageEngine(mongo));
  await requireServiceIndexes(context.storage, context.db);
  const app = createApp({
    logger,
    context,
    clock: options.clock,
    readiness: () => checkReadiness({ redis: () => queue.ping(), mongodb: () => pingMongo(mongo) }),
    workerCount: () => queue.workerCount(),
  });
  return {
    app,
    context,
    close: async () => {
      await context.exports.queue.close();
      context.exports.client.close();
      await queue.close();
      await mongo.close();
    },
  };
}

/** The API process: HTTP in, jobs onto the funnel queue, results back to the caller. */
import type { AddressInfo } from 'node:net';
import { connectMongo, pingMongo } from '../core/db/mongo';
import { checkReadiness } from '../core/health/readiness';
import { onShutdownSignal } from '../core/lifecycle/graceful-shutdown';
import { loadConfigOrExit } from '../core/config/config';
import { createLogger } from '../core/logging/logger';
import { FunnelQueue } from '../core/queue/funnel-queue';
import { ensureIndexes } from '../core/db/indexes';
import { createApp } from './app';
import { createApiContext } from './context';

async function main(): Promise<void> {
  const config = loadConfigOrExit('api');
  const logger = createLogger('api', config.LOG_LEVEL);
  const mongo = await connectMongo(config.MONGO_URL, 'funnel-sync-api');
  const queue = new FunnelQueue({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
  await queue.waitUntilReady();

  const context = createApiContext(config, logger, mongo, queue);
  await ensureIndexes(context.db, logger);
  const app = createApp({
    logger,
    context,
    readiness: () => checkReadiness({ redis: () => queue.ping(), mongodb: () => pingMongo(mongo) }),
    workerCount: () => queue.workerCount(),
  });
  const server = app.listen(config.PORT, () => {
    const { port } = server.address() as AddressInfo;
    logger.info({ port, url: `http://127.0.0.1:${port}` }, 'api listening');
  });

  onShutdownSignal(logger, async (deadline) => {
    // Stop accepting connections; requests in flight finish, idle keep-alive sockets close now.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cutoff = setTimeout(() => server.closeAllConnections(), deadline - Date.now() - 1_000);
    await closed;
    clearTimeout(cutoff);
    await queue.close();
    await mongo.close();
  });
}

main().catch((error: unknown) => {
  createLogger('api').fatal({ err: error }, 'api failed to start');
  process.exit(1);
});

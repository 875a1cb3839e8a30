/** A worker process: takes jobs from the funnel queue and runs them against MongoDB. */
import { loadConfigOrExit } from '../core/platform/config';
import { onShutdownSignal } from '../core/platform/graceful-shutdown';
import { createLogger } from '../core/platform/logger';
import { composeWorker } from './compose';

async function main(): Promise<void> {
  const config = loadConfigOrExit('worker');
  const logger = createLogger('worker', config.LOG_LEVEL);
  const composed = await composeWorker(config, logger);
  const { workerId, engine, chunkSize } = composed;
  logger.info(
    {
      workerId,
      concurrency: config.WORKER_CONCURRENCY,
      chunkSize: chunkSize ?? 'off',
      // The engine's name and version only: the object holds the client and its URL.
      engine: { name: engine.name, version: engine.version },
      metricsPort: config.WORKER_METRICS_PORT || 'off',
    },
    'worker ready',
  );
  // Running jobs finish; those that would overrun the shutdown budget go back to the queue.
  onShutdownSignal(logger, (deadline) => composed.close(deadline));
}

main().catch((error: unknown) => {
  createLogger('worker').fatal({ err: error }, 'worker failed to start');
  process.exit(1);
});

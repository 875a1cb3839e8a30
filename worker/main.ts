/** A worker process: takes jobs from the funnel queue and runs them against MongoDB. */
import { loadConfigOrExit } from '../core/platform/config';
import { summarizeError } from '../core/platform/error-summary';
import { onShutdownSignal } from '../core/platform/graceful-shutdown';
import { createLogger } from '../core/platform/logger';
import { startTracing } from '../core/platform/tracing/start-tracing';
import { composeWorker } from './compose';
import { checkEnginesAnswer } from './engines-at-start';

async function main(): Promise<void> {
  const config = loadConfigOrExit('worker');
  const logger = createLogger('worker', config.LOG_LEVEL);
  const tracing = startTracing('worker', logger);
  await checkEnginesAnswer(config);
  const composed = await composeWorker(config, logger);
  const { workerId, engine, chunkSize, metricsPort } = composed;
  logger.info(
    {
      workerId,
      concurrency: config.WORKER_CONCURRENCY,
      chunkSize: chunkSize ?? 'off',
      // The server's version only: the engine object holds the client and its URL.
      engine: { version: engine.version },
      // The port this worker took of WORKER_METRICS_PORT: a range gives each worker its own.
      metricsPort: metricsPort ?? 'off',
      metricsHost: config.WORKER_METRICS_HOST,
    },
    'worker ready',
  );
  // Running jobs finish; those that would overrun the shutdown budget go back to the queue.
  onShutdownSignal(logger, async (deadline) => {
    await composed.close(deadline);
    await tracing?.shutdown();
  });
}

main().catch((error: unknown) => {
  // One line an operator can act on: the reason and what it wraps, not a stack.
  createLogger('worker').fatal(summarizeError(error), 'worker failed to start');
  process.exit(1);
});

/** The API process: HTTP in, jobs onto the funnel queue, results back to the caller. */
import type { AddressInfo } from 'node:net';
import { loadConfigOrExit } from '../core/platform/config';
import { onShutdownSignal } from '../core/platform/graceful-shutdown';
import { createLogger } from '../core/platform/logger';
import { summarizeError } from '../core/platform/error-summary';
import { startTracing } from '../core/platform/tracing/start-tracing';
import { composeApi } from './compose';
import { listen } from './http/listen';

async function main(): Promise<void> {
  const config = loadConfigOrExit('api');
  const logger = createLogger('api', config.LOG_LEVEL);
  const tracing = startTracing('api', logger);
  // A rejection nobody awaited (seen once while Redis restarted, cause not yet found) must not
  // take down an API that otherwise recovers by itself; it is logged for the record.
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection');
  });
  const api = await composeApi(config, logger);
  const server = await listen(api.app, config, config.PORT);
  const { port } = server.address() as AddressInfo;
  logger.info({ port, url: `http://127.0.0.1:${port}` }, 'api listening');

  onShutdownSignal(logger, async (deadline) => {
    // Stop accepting connections; requests in flight finish, idle keep-alive sockets close now.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cutoff = setTimeout(() => server.closeAllConnections(), deadline - Date.now() - 1_000);
    await closed;
    clearTimeout(cutoff);
    await api.close();
    await tracing?.shutdown();
  });
}

main().catch((error: unknown) => {
  // One line an operator can act on: the reason and what it wraps, not a stack.
  createLogger('api').fatal(summarizeError(error), 'api failed to start');
  process.exit(1);
});

/**
 * Graceful shutdown on SIGTERM and SIGINT: run the process's own stop steps once, then exit 0.
 * If they overrun the budget, the process exits anyway (code 1) so that an orchestrator never
 * has to wait longer than it was promised.
 */
import type { Logger } from './logger';

const SHUTDOWN_BUDGET_MS = 10_000;

export function onShutdownSignal(
  logger: Logger,
  stop: (deadline: number) => Promise<void>,
  budgetMs = SHUTDOWN_BUDGET_MS,
): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'shutdown already in progress');
      return;
    }
    stopping = true;
    const deadline = Date.now() + budgetMs;
    logger.info({ signal, budgetMs }, 'shutting down');
    const overrun = setTimeout(() => {
      logger.error({ budgetMs }, 'shutdown overran its budget; exiting now');
      process.exit(1);
    }, budgetMs);
    stop(deadline).then(
      () => {
        clearTimeout(overrun);
        logger.info('shutdown complete');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}

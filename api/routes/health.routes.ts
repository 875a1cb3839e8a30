/**
 * Liveness and readiness. `/healthz` answers while the process runs; `/readyz` answers 200 only
 * when Redis and MongoDB both answer, and names the one that does not.
 */
import { Router } from 'express';
import '../openapi/operations-paths';
import type { Readiness } from '../../core/platform/readiness';

export interface HealthDeps {
  readiness: () => Promise<Readiness>;
  workerCount: () => Promise<number>;
}

export function healthRoutes(deps: HealthDeps): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const readiness = await deps.readiness();
    const down = Object.entries(readiness.engines)
      .filter(([, state]) => state === 'down')
      .map(([engine]) => engine);
    const workers =
      readiness.engines.redis === 'up' ? await deps.workerCount().catch(() => null) : null;
    if (!readiness.ready) res.setHeader('Retry-After', '5');
    res.status(readiness.ready ? 200 : 503).json({
      status: readiness.ready ? 'ok' : 'error',
      message: readiness.ready ? 'ready' : `not ready: ${down.join(' and ')} not answering`,
      engines: readiness.engines,
      workers,
    });
  });
  return router;
}

/**
 * For the service's operators, never for tenants: Prometheus metrics at /metrics (open unless
 * METRICS_TOKEN is set, then a Bearer token), and the BullMQ queue dashboard at /admin/queues,
 * served only when DASHBOARD_USER and DASHBOARD_PASSWORD are set and opened with that credential
 * (HTTP Basic). The dashboard shows every tenant's jobs, so no tenant's token opens it; it
 * changes nothing unless DASHBOARD_WRITES=true.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Router, type RequestHandler } from 'express';
import type { ApiContext } from '../context';
import { HttpError } from '../http/http-error';
import { requireBasicCredential, requireBearerSecret } from '../middleware/operator-credential';

const DASHBOARD_PATH = '/admin/queues';
const DASHBOARD_REALM = 'queue dashboard';

/** The dashboard's page boots with an inline script, which the API's default CSP forbids. */
const allowDashboardScripts: RequestHandler = (_req, res, next) => {
  res.removeHeader('Content-Security-Policy');
  next();
};

/**
 * Read-only: only reading methods pass. bull-board's own read-only mode guards its queue
 * actions; this also covers the board-wide ones (pause all, resume all) whatever its version.
 */
const refuseWrites: RequestHandler = (req, _res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new HttpError(405, 'The queue dashboard is read-only (DASHBOARD_WRITES is not "true")', {
      Allow: 'GET, HEAD',
    });
  }
  next();
};

function dashboardRouter(context: ApiContext, user: string, password: string): Router {
  const writes = context.config.DASHBOARD_WRITES;
  const dashboard = new ExpressAdapter();
  dashboard.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: [...context.queue.queues.all, ...context.exports.queue.queues.all].map(
      ({ shard, queue }) =>
        new BullMQAdapter(queue, {
          readOnlyMode: !writes,
          ...(context.config.QUEUE_SHARDS > 1 ? { prefix: `shard ${shard.index}: ` } : {}),
        }),
    ),
    serverAdapter: dashboard,
  });
  const router = Router();
  router.use(
    DASHBOARD_PATH,
    requireBasicCredential(DASHBOARD_REALM, user, password),
    ...(writes ? [] : [refuseWrites]),
    allowDashboardScripts,
    dashboard.getRouter() as Router,
  );
  return router;
}

export function operationsRoutes(context: ApiContext): Router {
  const router = Router();
  const { METRICS_TOKEN, DASHBOARD_USER, DASHBOARD_PASSWORD } = context.config;
  const guard: RequestHandler[] = METRICS_TOKEN
    ? [requireBearerSecret('/metrics', METRICS_TOKEN)]
    : [];
  router.get('/metrics', ...guard, async (_req, res) => {
    res.setHeader('Content-Type', context.metrics.registry.contentType);
    res.send(await context.metrics.registry.metrics());
  });
  // Unset, the dashboard is not served at all: its paths answer 404 as any unknown path.
  if (DASHBOARD_USER && DASHBOARD_PASSWORD) {
    router.use(dashboardRouter(context, DASHBOARD_USER, DASHBOARD_PASSWORD));
  }
  return router;
}

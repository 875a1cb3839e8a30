/**
 * For operators: Prometheus metrics at /metrics (unauthenticated, for the scraper on the
 * internal network), and the BullMQ queue dashboard at /admin/queues for a token whose user has
 * manage_settings (read to look, update or delete to retry or remove jobs), sent as a header or
 * carried by the console's sign-in (a cookie, api/console/console-session.ts).
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Router, type RequestHandler } from 'express';
import { sessionCookieAsBearer } from '../console/console-session';
import type { ApiContext } from '../context';
import { requireAccessByMethod } from '../middleware/require-access';

export const DASHBOARD_PATH = '/admin/queues';

/** The dashboard's page boots with an inline script, which the API's default CSP forbids. */
const allowDashboardScripts: RequestHandler = (_req, res, next) => {
  res.removeHeader('Content-Security-Policy');
  next();
};

export function operationsRoutes(context: ApiContext): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', context.metrics.registry.contentType);
    res.send(await context.metrics.registry.metrics());
  });

  const dashboard = new ExpressAdapter();
  dashboard.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: [new BullMQAdapter(context.queue.bullQueue)],
    serverAdapter: dashboard,
  });
  router.use(
    DASHBOARD_PATH,
    sessionCookieAsBearer,
    requireAccessByMethod(context.auth, 'manage_settings'),
    allowDashboardScripts,
    dashboard.getRouter() as Router,
  );
  return router;
}

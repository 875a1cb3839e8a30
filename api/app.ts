/** The Express application: cross-cutting middleware, then the routes, then the error handler. */
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from '../core/logging/logger';
import { accessLog } from './middleware/access-log';
import { errorHandler, routeNotFound } from './middleware/error-handler';
import { requestId } from './middleware/request-id';
import { healthRoutes, type HealthDeps } from './routes/health.routes';

export interface AppDeps extends HealthDeps {
  logger: Logger;
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(requestId);
  app.use(accessLog(deps.logger));
  app.use(helmet());
  app.use(healthRoutes(deps));
  app.use(routeNotFound);
  app.use(errorHandler(deps.logger));
  return app;
}

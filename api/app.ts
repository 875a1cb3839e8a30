/** The Express application: cross-cutting middleware, then the routes, then the error handler. */
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from '../core/platform/logger';
import { consoleRoutes } from '../console/console.routes';
import type { ApiContext } from './context';
import { accessLog } from './middleware/access-log';
import { errorHandler, routeNotFound } from './middleware/error-handler';
import { answerOptions, methodNotAllowed } from './middleware/method-not-allowed';
import { declaredQuery } from './http/declared-query';
import { servedPaths } from './http/served-paths';
import { generateOpenApiDocument } from './openapi/document';
import { requestId, type Clock } from './middleware/request-id';
import { refuseUndeclaredQuery } from './middleware/undeclared-query';
import { docsRoutes } from './routes/docs.routes';
import { healthRoutes, type HealthDeps } from './routes/health.routes';
import { operationsRoutes } from './routes/operations.routes';
import { v1Routes } from './routes/v1.routes';

export interface AppDeps extends HealthDeps {
  logger: Logger;
  /** The clock requests are stamped with; tests give API processes clocks that disagree. */
  clock?: Clock;
  /** Absent in tests of the cross-cutting middleware alone. */
  context?: ApiContext;
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETag hashed from every answer's body: a funnel's answers are never cached, and the
  // settings that support conditional requests set their own (api/http/conditional-headers.ts).
  app.set('etag', false);
  // Only the operator's own proxies may say who the client is (TRUST_PROXY).
  const trusted = deps.context?.config.TRUST_PROXY ?? [];
  app.set('trust proxy', trusted.length > 0 ? trusted : false);
  app.use(requestId(deps.clock));
  app.use(accessLog(deps.logger));
  // Not upgrade-insecure-requests: an operator may serve the docs page over plain http.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  // Generated on the first request, once every router has registered its paths.
  let document: ReturnType<typeof generateOpenApiDocument> | undefined;
  const paths = () => (document ??= generateOpenApiDocument()).paths ?? {};
  const allowed = servedPaths(paths);
  app.use(answerOptions(allowed));
  app.use(refuseUndeclaredQuery(declaredQuery(paths)));
  app.use(healthRoutes(deps));
  // Before the v1 routes, so that no auth or body middleware of theirs reaches the public docs.
  app.use('/api/v1', docsRoutes());
  if (deps.context) {
    app.use(consoleRoutes(deps.context.logger));
    app.use(operationsRoutes(deps.context));
    app.use('/api/v1', v1Routes(deps.context));
  }
  // A path served with other methods is a 405, any other a 404.
  app.use(methodNotAllowed(allowed));
  app.use(routeNotFound);
  app.use(errorHandler(deps.logger));
  return app;
}

/**
 * Counts every funnel request by its final status, refusals included; dry runs apart, so that
 * their failures (which wrote nothing) stay out of error rates. The endpoint is read now: once an
 * error leaves the router, `req.params` no longer holds it.
 */
import type { RequestHandler } from 'express';
import { asksDryRun } from '../http/dry-run-flag';
import type { FunnelMethod } from '../http/funnel-body';
import type { ApiMetrics } from '../metrics/api-metrics';

export function countFunnelRequest(metrics: ApiMetrics, method: FunnelMethod): RequestHandler {
  return (req, res, next) => {
    const endpointUrl = String(req.params.endpointUrl);
    // For the record of a refusal, whose handler sees no route parameters.
    res.locals.endpointUrl = endpointUrl;
    res.on('finish', () => {
      const tenant = res.locals.authenticatedTenant as string | undefined;
      const found = res.locals.funnelFound === true;
      const dryRun = asksDryRun(req.originalUrl);
      metrics.request({ tenant, endpointUrl, found }, method, res.statusCode, dryRun);
    });
    next();
  };
}

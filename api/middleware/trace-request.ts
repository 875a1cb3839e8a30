/**
 * The span of a funnel request, from its first middleware to its answer's last byte, joined to
 * the sender's trace when it sends `traceparent`. The steps after it (authentication, the queue,
 * the worker's job) are its children. Nothing happens when tracing is off.
 */
import type { RequestHandler } from 'express';
import type { ServerSpan } from '../../core/platform/tracing/server-span';
import {
  endServerSpan,
  inServerSpan,
  startServerSpan,
} from '../../core/platform/tracing/server-span';

declare module 'express-serve-static-core' {
  interface Request {
    /** The trace and span ids of the request's span, when tracing is on. */
    traceIds?: ServerSpan['ids'];
  }
}

export function traceRequest(route: string): RequestHandler {
  return (req, res, next) => {
    const server = startServerSpan(`${req.method} ${route}`, req.headers, {
      'http.request.method': req.method,
      'http.route': route,
      'funnel_sync.request.id': req.requestId,
    });
    if (!server) {
      next();
      return;
    }
    req.traceIds = server.ids;
    res.once('close', () => endServerSpan(server, res.statusCode));
    inServerSpan(server, next);
  };
}

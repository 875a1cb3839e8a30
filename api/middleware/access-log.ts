/** One log line per finished request: method, route, status and duration; never headers. */
import type { RequestHandler } from 'express';
import type { Principal } from '../../core/auth/authenticator';
import type { Logger } from '../../core/platform/logger';

export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      // Named explicitly: 'finish' may fire outside the request's async context.
      const principal = req.principal as Principal | undefined;
      logger.info(
        {
          requestId: req.requestId,
          tenant: principal?.tenant,
          tokenId: principal?.tokenId,
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          durationMs,
          ...req.traceIds,
        },
        'request finished',
      );
    });
    next();
  };
}

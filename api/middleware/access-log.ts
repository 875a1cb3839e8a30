/** One log line per finished request: method, route, status and duration; never headers. */
import type { RequestHandler } from 'express';
import type { Logger } from '../../core/logging/logger';

export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { method: req.method, path: req.path, status: res.statusCode, durationMs },
        'request finished',
      );
    });
    next();
  };
}

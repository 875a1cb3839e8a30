/** Turns every error into a JSON answer; internal details go to the log, never to the caller. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../../core/platform/logger';
import { knownHttpError } from '../http/known-error';
import { HttpError } from '../http/http-error';

export const routeNotFound: RequestHandler = (_req, _res, next) => {
  next(new HttpError(404, 'Not found'));
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known = knownHttpError(error);
    const answer = known ?? new HttpError(500, 'Internal error; quote the request id to support');
    if (!known) logger.error({ err: error }, 'unhandled error');
    else if (answer.status >= 500) logger.warn({ err: answer.cause ?? error }, answer.message);
    if (res.headersSent) return;
    res.status(answer.status).set(answer.headers);
    res.json({
      status: 'error',
      message: answer.message,
      ...answer.body,
      ...(answer.status >= 500 ? { requestId: req.requestId } : {}),
    });
  };
}

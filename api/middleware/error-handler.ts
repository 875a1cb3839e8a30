/** Turns every error into a JSON answer; internal details go to the log, never to the caller. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../../core/logging/logger';
import { isDatabaseUnreachable } from '../../core/mongo/unreachable';
import { HttpError, unavailable } from '../http/http-error';

/**
 * Errors raised by express's body parser carry a `status` and mostly a `type`; the ones without a
 * `type` (a compressed body that does not decompress) and the router's (a path that is not valid
 * percent-encoding) carry only a `status`.
 */
interface BodyParserError {
  type?: string;
  status: number;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof error.status === 'number'
  );
}

function fromBodyParser(error: BodyParserError): HttpError | undefined {
  switch (error.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'The request body is not valid JSON');
    case 'entity.too.large':
      return new HttpError(413, 'The request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'The request body encoding is not supported');
    case 'request.aborted':
      return new HttpError(400, 'The request was aborted by the client');
    default:
      if (error.status < 400 || error.status >= 500) return undefined;
      if (error instanceof URIError) {
        return new HttpError(400, 'The request path is not valid percent-encoding');
      }
      return new HttpError(400, 'The request body could not be read');
  }
}

export const routeNotFound: RequestHandler = (_req, _res, next) => {
  next(new HttpError(404, 'Not found'));
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known =
      error instanceof HttpError
        ? error
        : isBodyParserError(error)
          ? fromBodyParser(error)
          : isDatabaseUnreachable(error)
            ? unavailable('the database', error)
            : undefined;
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

/**
 * What an error answers, when it is one whose answer is known: an HttpError as it is, the body
 * parser's and the router's by their status, a list's cursor it did not answer as 422, a queue or a
 * database that does not answer as 503.
 * Undefined for any other: a 500 whose detail stays in the log.
 */
import { isDatabaseUnreachable } from '../../core/mongo/unreachable';
import { InvalidCursorError } from '../../core/mongo/page-cursor';
import { QueueFailure } from '../../core/submission/queue-failure';
import { HttpError, unavailable } from './http-error';
import { queueFailureError } from './submission-refusal';
import { invalid } from './validate';

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

export function knownHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof QueueFailure) return queueFailureError(error);
  // Every list's cursor is refused alike, whichever repository read it.
  if (error instanceof InvalidCursorError) return invalid({ cursor: error.message });
  if (isBodyParserError(error)) return fromBodyParser(error);
  if (isDatabaseUnreachable(error)) return unavailable('the database', error);
  return undefined;
}

/**
 * Errors that cross the HTTP boundary: a status code, a message safe to show, and optional
 * headers and body fields. Anything else that reaches the error handler is a 500 whose detail
 * stays in the log.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);

export const unavailable = (engine: string, retryAfterSeconds = 5) =>
  new HttpError(503, `The service is unavailable: ${engine} does not answer`, {
    'Retry-After': String(retryAfterSeconds),
  });

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

/** 503 with Retry-After; `cause` stays in the log (the error handler logs 5xx causes). */
export const unavailable = (engine: string, cause?: unknown, retryAfterSeconds = 5) => {
  const error = new HttpError(503, `The service is unavailable: ${engine} does not answer`, {
    'Retry-After': String(retryAfterSeconds),
  });
  if (cause !== undefined) error.cause = cause;
  return error;
};

/** 403 for a grant beyond the caller's own rights, with the challenge of an insufficient scope. */
export const forbidden = (message: string) =>
  new HttpError(403, message, { 'WWW-Authenticate': 'Bearer error="insufficient_scope"' });

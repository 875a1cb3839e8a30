/**
 * The answers of a funnel request that the submission use case refused (core/submission/), or
 * that the queue failed: a bad or reused Idempotency-Key, a sync that takes no requests, a queue
 * that is away.
 */
import type { QueueFailure } from '../../core/submission/queue-failure';
import type { SubmissionRefusal } from '../../core/submission/submission-outcome';
import { HttpError, unavailable } from './http-error';

export function refusalError(refusal: SubmissionRefusal): HttpError {
  switch (refusal.reason) {
    case 'malformed-idempotency-key':
      return new HttpError(400, 'The Idempotency-Key must be 1 to 255 visible ASCII characters');
    case 'idempotency-key-reused':
      return new HttpError(
        422,
        'This Idempotency-Key was already used with another request body',
        {},
        { errors: { _request: { 'Idempotency-Key': 'Used before with another body' } } },
      );
    case 'sync-refused':
      return new HttpError(refusal.status, refusal.message);
  }
}

/** 503 either way; a request whose job may still run tells the caller how to find out. */
export function queueFailureError(failure: QueueFailure): HttpError {
  if (failure.kind === 'unavailable') return unavailable('the queue', failure.cause);
  const error = new HttpError(
    503,
    'The queue went away while the request was processed; it may still complete once the queue ' +
      'is back: its history record will show the outcome, or send it again (with the same ' +
      'Idempotency-Key to run it at most once)',
    { 'Retry-After': '5' },
  );
  error.cause = failure.cause;
  return error;
}

/**
 * How a submitted funnel request ends for the API: its job's answer (or that it still runs),
 * accepted without waiting, or refused before any job of its own was queued.
 */
import type { Answer } from './answer';

export type SubmissionRefusal =
  /** Not 1 to 255 visible ASCII characters. */
  | { reason: 'malformed-idempotency-key' }
  /** The key's first request had another body (or was a dry run and this one is not). */
  | { reason: 'idempotency-key-reused' }
  /** The full sync the request is tagged for takes no requests; the sync says why. */
  | { reason: 'sync-refused'; status: number; message: string };

export type SubmissionOutcome =
  Answer | { state: 'accepted' } | { state: 'refused'; refusal: SubmissionRefusal };

export const refused = (refusal: SubmissionRefusal): SubmissionOutcome => ({
  state: 'refused',
  refusal,
});

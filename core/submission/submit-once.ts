/**
 * A request with an Idempotency-Key runs at most once per key and body within 24 hours
 * (docs/api-behaviour.md#idempotency-key), on any API process: the first claims the key; a repeat
 * gets the first answer again (`replayed`), or waits for the first request's job when it is still
 * in flight; a repeat with another body is refused.
 */
import { randomUUID } from 'node:crypto';
import type { IdempotencyRecord, IdempotencyRecords } from '../redis/idempotency-records';
import { answerOf } from './answer';
import { QueueFailure } from './queue-failure';
import type { QueueSubmitter } from './queue-submitter';
import { requestFingerprint } from './request-fingerprint';
import type { Submission } from './submission';
import { refused, type SubmissionOutcome } from './submission-outcome';

const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

export interface OnceServices {
  jobs: QueueSubmitter;
  idempotency: IdempotencyRecords;
}

export async function submitOnce(
  submission: Submission,
  body: Buffer,
  clientKey: string,
  services: OnceServices,
): Promise<SubmissionOutcome> {
  if (!VALID_KEY.test(clientKey)) return refused({ reason: 'malformed-idempotency-key' });
  const { jobs, idempotency } = services;
  const { tenant, endpointUrl, method, requestId } = submission;
  const recordKey = idempotency.keyFor(tenant, endpointUrl, method, clientKey);
  const bodyHash = requestFingerprint(submission, body);
  const jobId = randomUUID();
  let existing: IdempotencyRecord | null;
  try {
    existing = await idempotency.claim(recordKey, { state: 'pending', bodyHash, jobId, requestId });
  } catch (error) {
    throw new QueueFailure('unavailable', error);
  }
  if (!existing) return submitClaimed(submission, body, recordKey, jobId, services);
  if (existing.bodyHash !== bodyHash) return refused({ reason: 'idempotency-key-reused' });
  if (existing.state === 'done') {
    const { httpStatus, envelope } = existing;
    return { state: 'answered', httpStatus, envelope, replayed: true };
  }

  const outcome = await jobs.waitFor(tenant, existing.jobId);
  if (outcome.state === 'running') return answerOf(outcome, true);
  // A 5xx is not kept for repeats (its worker freed the key), so it is no answer to replay.
  if (outcome.state === 'completed' && outcome.result.httpStatus < 500) {
    return answerOf(outcome, true);
  }
  // The first attempt failed (or its job expired unanswered): this one takes over.
  await idempotency.releaseClaimOf(recordKey, existing.jobId);
  return submitOnce(submission, body, clientKey, services);
}

/** The key is this request's: its job completes the record, or the key is freed if none runs. */
async function submitClaimed(
  submission: Submission,
  body: Buffer,
  idempotencyRecordKey: string,
  jobId: string,
  { jobs, idempotency }: OnceServices,
) {
  try {
    return await jobs.submit(submission, body, { idempotencyRecordKey, jobId });
  } catch (error) {
    // A job that may still run keeps the record pending with its id, so a repeat waits for it.
    if (error instanceof QueueFailure && error.kind === 'unavailable') {
      await idempotency.release(idempotencyRecordKey).catch(() => undefined);
    }
    throw error;
  }
}

/**
 * A funnel request the API has read, checked and found the funnel of, from there to its answer:
 * the API's decisions before and around queueing, in the order it takes them
 * (docs/api-behaviour.md#the-path-of-a-request):
 *  1. a request tagged `?sync=` joins its full sync, or is refused as the sync says
 *     (sync-membership.ts);
 *  2. with an Idempotency-Key it runs at most once per key and body: a repeat gets the first
 *     answer again, and a malformed key, or one used before with another body, is refused
 *     (submit-once.ts; a dry run and a real run are different bodies, request-fingerprint.ts);
 *  3. else with `Prefer: respond-async` it is recorded as queued, queued, and accepted without
 *     waiting (accept-async.ts);
 *  4. else it is queued, with other small requests to its funnel as one group job when its
 *     funnel is busy, or alone (request-groups.ts);
 *  5. the answer is its job's, or `running` when the job outlasts WAIT_TIMEOUT_MS.
 * A tagged request that gets no job of its own after all (refused, replayed, or not queued)
 * leaves its sync again, so that it never holds the sync's commit back.
 */
import { inSpan } from '../platform/tracing/spans';
import { traceField } from '../platform/tracing/trace-carrier';
import { acceptAsync } from './accept-async';
import type { SubmittedRequest } from './submission';
import { refused, type SubmissionOutcome } from './submission-outcome';
import type { SubmissionServices } from './submission-services';
import { submitOnce } from './submit-once';

export async function submitFunnelRequest(
  request: SubmittedRequest,
  services: SubmissionServices,
): Promise<SubmissionOutcome> {
  const { submission } = request;
  const admission = await services.syncs.join(submission);
  if (!admission.admitted) {
    const { status, message } = admission;
    return refused({ reason: 'sync-refused', status, message });
  }

  const queued = inSpan('queue', {}, () => queueOrAnswer(traced(request), services));
  const outcome = await queued.catch(async (error: unknown) => {
    await services.syncs.leave(submission).catch(() => undefined);
    throw error;
  });
  if (outcome.state === 'refused') await services.syncs.leave(submission).catch(() => undefined);
  if (outcome.state === 'answered' && outcome.replayed) await services.syncs.leave(submission);
  return outcome;
}

/** The request, its job to continue the active span (the queue's): none when tracing is off. */
function traced(request: SubmittedRequest): SubmittedRequest {
  const field = traceField();
  return field.trace ? { ...request, submission: { ...request.submission, ...field } } : request;
}

/** Steps 2 to 4: the way an admitted request takes to the queue, or to an answer without it. */
function queueOrAnswer(
  { submission, body, idempotencyKey, respondAsync }: SubmittedRequest,
  services: SubmissionServices,
): Promise<SubmissionOutcome> {
  if (idempotencyKey !== undefined) return submitOnce(submission, body, idempotencyKey, services);
  if (respondAsync) return acceptAsync(submission, body, services);
  return services.groups.submit(submission, body);
}

/**
 * The end of a request whose job failed on its last attempt, or on one whose failure would repeat
 * (docs/storage.md#jobs-that-give-up):
 * the caller, and repeats of its Idempotency-Key, get a clear answer at once (503 while an engine
 * is away), and the key is freed so that a repeat runs the request again. The history record cannot
 * wait for MongoDB here: a `record-history` job of its own writes it, tried until MongoDB takes it.
 * The body (and any chunks) stay in Redis for that job, which lets them go.
 */
import { RECORD_HISTORY_JOB_OPTIONS } from '../queue/job-options';
import type { JobResult, ParsedJobData } from '../queue/jobs';
import type { IngestContext } from './ingest-context';
import { failureKind } from './failure-kind';
import { giveUpAnswer } from './give-up-answer';

export const historyJobId = (requestJobId: string) => `${requestJobId}-history`;

/** `requestJobId`: the request's own job id; a member of a group has one of its own (memberJobId). */
export async function giveUp(
  data: ParsedJobData<'ingest'>,
  context: IngestContext,
  error: unknown,
  requestJobId = context.job.id,
): Promise<JobResult<'ingest'>> {
  const { job } = context;
  const answer = giveUpAnswer(error, job.attempt);
  context.logger.error(
    {
      err: error,
      attempt: job.attempt,
      httpStatus: answer.httpStatus,
      failure: failureKind(error),
    },
    'job gave up',
  );
  await job.addJob(
    {
      name: 'record-history',
      jobId: historyJobId(requestJobId),
      data: {
        requestId: data.requestId,
        recordId: data.recordId,
        tenant: data.tenant,
        endpointUrl: data.endpointUrl,
        funnelId: data.funnelId,
        method: data.method,
        receivedAt: data.receivedAt,
        sequence: data.sequence,
        bodyFormat: data.bodyFormat,
        tokenId: data.tokenId,
        dryRun: data.dryRun,
        trace: data.trace,
        payloadKey: data.payloadKey,
        ...(data.chunks ? { planKey: context.chunkPlans.keyFor(data.tenant, requestJobId) } : {}),
        outcome: { httpStatus: answer.httpStatus, message: answer.message, itemCount: 0 },
      },
    },
    RECORD_HISTORY_JOB_OPTIONS,
  );
  if (data.idempotencyRecordKey) await context.idempotency.release(data.idempotencyRecordKey);
  await context.syncs.release(data);
  return { httpStatus: answer.httpStatus, envelope: { status: 'error', message: answer.message } };
}

/**
 * A POST with more writes than CHUNK_SIZE, written by chunk jobs that any worker takes, in the
 * steps of the request's `ingest` job (BullMQ's "process step jobs" pattern):
 *  1. `planned`: the writes, cut into chunks, and the request's result go to Redis once;
 *  2. `added`: an `ingest-chunk` child job per chunk is added, and the job waits for them
 *     without holding a worker;
 *  3. once every chunk has ended, BullMQ runs the job again: one history record, one answer.
 * Each step's marker is saved in the job's data before the next step begins, so that a run after
 * a crash goes on where the last one stopped. Everything a chunk writes was decided for the whole
 * request before step 1 (last wins, lazy matches, references, all or nothing).
 */
import { keepPayload } from '../keep-payloads';
import { CHUNK_JOB_OPTIONS } from '../../queue/job-options';
import type { JobResult, ParsedJobData } from '../../queue/jobs';
import { finishRequest } from '../finish-request';
import type { PreparedRequest } from '../prepare-request';
import { failedRequest, type RequestResult } from '../request-result';
import type { IngestContext } from '../ingest-context';
import { slicesOf } from '../../platform/slices';
import { traceField } from '../../platform/tracing/trace-carrier';

type IngestData = ParsedJobData<'ingest'>;
type ChunkStep = NonNullable<IngestData['chunks']>;

/** Deterministic, so that adding a chunk again (after a crash) finds the one added before. */
export const chunkJobId = (requestJobId: string, chunk: number) => `${requestJobId}-chunk-${chunk}`;

/** Step 1, right after the request was prepared: store the plan, then go on. */
export async function startChunkedWrite(
  data: IngestData,
  context: IngestContext,
  prepared: PreparedRequest,
  chunkSize: number,
  startedAt: number,
): Promise<JobResult<'ingest'>> {
  const chunks = slicesOf(prepared.writes, chunkSize);
  const planKey = context.chunkPlans.keyFor(data.tenant, context.job.id);
  await context.chunkPlans.store(planKey, { startedAt, result: prepared.result }, chunks);
  const step: ChunkStep = {
    count: chunks.length,
    contentType: prepared.contentType,
    step: 'planned',
  };
  await context.job.saveData({ ...data, chunks: step });
  return continueChunkedWrite(data, step, context);
}

/** Steps 2 and 3: also where a re-run of the job starts. */
export async function continueChunkedWrite(
  data: IngestData,
  step: ChunkStep,
  context: IngestContext,
): Promise<JobResult<'ingest'>> {
  if (step.step === 'planned') {
    await addChunkJobs(data, step, context);
    await context.job.saveData({ ...data, chunks: { ...step, step: 'added' } });
  }
  await context.job.awaitChildren();
  return finishChunkedWrite(data, step, context);
}

/** Adds the chunk jobs, leaving out any that a run before a crash added (whatever their state). */
async function addChunkJobs(data: IngestData, step: ChunkStep, context: IngestContext) {
  const added = await context.job.addedChildren();
  const planKey = context.chunkPlans.keyFor(data.tenant, context.job.id);
  const children = Array.from({ length: step.count }, (_, chunk) => ({
    name: 'ingest-chunk' as const,
    jobId: chunkJobId(context.job.id, chunk),
    data: {
      requestId: data.requestId,
      tenant: data.tenant,
      contentType: step.contentType,
      receivedAt: data.receivedAt,
      sequence: data.sequence,
      planKey,
      chunk,
      ...traceField(),
    },
  }));
  await context.job.addChildren(
    children.filter((child) => !added.has(child.jobId)),
    CHUNK_JOB_OPTIONS,
  );
  context.logger.info({ chunks: step.count }, 'chunk jobs added');
}

/**
 * Chunks that failed for good (after their retries): the request did not complete and may be
 * partly written. 503, as for any request whose writes the database did not take.
 */
function chunksFailed(failed: number, count: number, itemCount: number): RequestResult {
  return failedRequest(
    503,
    `${failed} of ${count} chunks of items could not be written; the request may be partly ` +
      'written. Send it again',
    itemCount,
  );
}

async function finishChunkedWrite(data: IngestData, step: ChunkStep, context: IngestContext) {
  const planned = await context.chunkPlans.planned(
    context.chunkPlans.keyFor(data.tenant, context.job.id),
  );
  const failures = await context.job.failedChildren();
  if (failures.size > 0) {
    context.logger.error(
      { failed: failures.size, chunks: step.count, reasons: Object.fromEntries(failures) },
      'chunk jobs failed for good',
    );
  }
  const result = !planned
    ? failedRequest(503, 'The request expired before its items were written; send it again')
    : failures.size > 0
      ? chunksFailed(failures.size, step.count, planned.result.itemCount)
      : planned.result;
  // Kept again, as the request's first run kept it: the same chunks, under the same ids.
  const payload = await context.payloads.get(data.payloadKey);
  return finishRequest(data, context, result, {
    payload: payload ?? Buffer.alloc(0),
    storedPayload: payload && (await keepPayload(context, data, payload)),
    startedAt: planned?.startedAt ?? Date.now(),
    chunks: step.count,
  });
}

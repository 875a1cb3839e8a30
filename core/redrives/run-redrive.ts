/**
 * The re-drive job (docs/api-behaviour.md#re-drive): walks the funnel's failed requests in receipt
 * order and sends each again as an `ingest` child job, then waits for it with the worker slot
 * freed, as a chunked request waits for its chunks. Each step is stored before it is taken:
 *  1. the next request is named in flight (its new record id, receipt and job id);
 *  2. its job is added with its recorded body, unless the job already has that child; a request
 *     whose body cannot be had (pruned, or never kept whole) is skipped instead;
 *  3. once the child has ended, the request is counted and the re-drive moves past it.
 * A job run again after a crash reads its document and goes on at the step it stopped: the child's
 * id is fixed by step 1, so a request is queued, and counted, once per re-drive.
 */
import { replaySource } from '../history/replay-source';
import { traceField } from '../platform/tracing/trace-carrier';
import type { HistoryStatus } from '../history/history-record';
import type { IngestContext } from '../ingest/ingest-context';
import { ForeignJobDataError } from '../ingest/job-trust';
import { CHUNK_JOB_OPTIONS } from '../queue/job-options';
import type { JobData, JobResult, ParsedJobData } from '../queue/jobs';
import type { FailedRequestsScope } from './failed-requests';
import { isEnded, type RedriveDocument, type RedriveInFlight, type SkipReason } from './redrive';
import type { RedriveServices } from './redrive-services';
import type { SentOutcome } from './redrives.repository';

export type RedriveContext = IngestContext & { redrives: RedriveServices };

/** The re-drive job's id: one job per re-drive. */
export const redriveJobId = (redriveId: string): string => `redrive-${redriveId}`;

const OUTCOMES: Partial<Record<HistoryStatus, SentOutcome>> = {
  success: 'succeeded',
  partial: 'partial',
};

const scopeOf = (redrive: RedriveDocument): FailedRequestsScope => redrive;

/**
 * The walk finds only POSTs of the funnel, so what stops one is its body: never kept whole, or
 * gone since (pruned, or its record purged with the history).
 */
const skipReason = (source: { refusal: string }): SkipReason =>
  source.refusal === 'not-kept' ? 'not-kept' : 'gone';

export async function runRedrive(
  data: ParsedJobData<'redrive'>,
  context: RedriveContext,
): Promise<JobResult<'redrive'>> {
  if (context.jobId !== redriveJobId(data.redriveId)) {
    throw new ForeignJobDataError(context.jobId, 'a re-drive');
  }
  const { records, failed } = context.redrives;
  for (;;) {
    context.signal.throwIfAborted();
    const redrive = await records.find(data.tenant, data.redriveId);
    if (!redrive || redrive.funnelId !== data.funnelId) {
      throw new ForeignJobDataError(context.jobId, 'a re-drive');
    }
    if (isEnded(redrive.state)) return { state: redrive.state };
    if (redrive.state === 'queued') await records.markRunning(redrive, new Date());
    if (redrive.current) {
      await sendInFlight(data, redrive, redrive.current, context);
      continue;
    }
    if (redrive.cancelRequested) {
      await records.end(redrive, 'cancelled', new Date());
      continue;
    }
    const next = await failed.next(scopeOf(redrive), redrive.lastSequence);
    if (!next) {
      await records.end(redrive, 'finished', new Date());
      continue;
    }
    const receivedAt = new Date();
    await records.setInFlight(redrive, {
      replayOf: next.recordId,
      originalSequence: next.sequence,
      recordId: `${redrive.redriveId}-${next.sequence}`,
      sequence: await context.redrives.receipts.next(receivedAt),
      receivedAt,
      jobId: `${context.jobId}-${next.sequence}`,
    });
  }
}

/** Steps 2 and 3: the child job added if it is not, waited for, then counted. */
async function sendInFlight(
  data: ParsedJobData<'redrive'>,
  redrive: RedriveDocument,
  current: RedriveInFlight,
  context: RedriveContext,
): Promise<void> {
  const { records } = context.redrives;
  const added = await context.job.addedChildren();
  if (!added.has(current.jobId)) {
    const original = await context.history.find(data.tenant, current.replayOf, data.funnelId);
    const source = await replaySource(context.history, original);
    if (!source.ok) {
      await records.skipped(redrive, current, skipReason(source));
      return;
    }
    const ingest: JobData<'ingest'> = {
      requestId: redrive.requestId,
      recordId: current.recordId,
      tenant: data.tenant,
      endpointUrl: data.endpointUrl,
      funnelId: data.funnelId,
      method: 'POST',
      receivedAt: current.receivedAt.toISOString(),
      sequence: current.sequence,
      tokenId: redrive.tokenId,
      dryRun: redrive.dryRun,
      payloadKey: context.payloads.keyFor(data, current.jobId),
      bodyFormat: source.bodyFormat,
      replayOf: source.replayOf,
      redriveId: redrive.redriveId,
      // Each request sent continues the re-drive job's span.
      ...traceField(),
    };
    await context.payloads.put(ingest.payloadKey, source.raw);
    // A child that fails for good is counted as failed, not a failure of the re-drive.
    await context.job.addChildren([{ name: 'ingest', jobId: current.jobId, data: ingest }], {
      ...CHUNK_JOB_OPTIONS,
    });
  }
  // Parks the job while the child runs; goes on here once it has ended.
  await context.job.awaitChildren();
  const record = await context.history.find(data.tenant, current.recordId);
  const outcome = (record && OUTCOMES[record.status]) ?? 'failed';
  await records.sent(redrive, current, outcome);
}

/**
 * The last part of a funnel request's job, however it was written: store its one history
 * record, keep the answer for repeats of its Idempotency-Key, let its body (and chunks) go, and
 * answer the caller. An answer of 5xx is not kept for repeats: a repeat runs the request again.
 */
import { historyRecord } from './history-record-builder';
import { inSpan } from '../platform/tracing/spans';
import type { StoredPayload } from '../history/stored-payload';
import type { JobResult, ParsedJobData } from '../queue/jobs';
import type { IngestContext } from './ingest-context';
import type { RequestResult } from './request-result';
import { storeRecord } from './store-record';

export interface Finishing {
  /** The body, for the record's preview. */
  payload: Buffer;
  /** Where the whole body is kept, if it is. */
  storedPayload?: StoredPayload | null;
  /** When the request's job first started. */
  startedAt: number;
  /** How many chunk jobs wrote it, when it was chunked. */
  chunks?: number;
}

export async function finishRequest(
  data: ParsedJobData<'ingest'>,
  context: IngestContext,
  result: RequestResult,
  finishing: Finishing,
): Promise<JobResult<'ingest'>> {
  await inSpan('write history', { 'funnel_sync.history.records': 1 }, () =>
    storeRecord(
      context,
      historyRecord(
        data,
        finishing.payload,
        result,
        context.historyTtlDays,
        finishing.storedPayload ?? null,
      ),
    ),
  );
  return answerRequest(data, context, result, finishing);
}

/** finishRequest once the request's record is stored (with its item writes, say). */
export async function answerRequest(
  data: ParsedJobData<'ingest'>,
  context: IngestContext,
  result: RequestResult,
  finishing: Omit<Finishing, 'payload' | 'storedPayload'>,
): Promise<JobResult<'ingest'>> {
  const answer = { httpStatus: result.httpStatus, envelope: result.envelope };
  // Once the record is stored (a retry before that needs the body), the rest goes at once.
  letBodiesGo(context, [data.payloadKey]);
  const status = { 'http.response.status_code': answer.httpStatus };
  await inSpan('answer', status, () =>
    Promise.all([
      keepAnswer(data, context, answer),
      context.syncs.release(data),
      finishing.chunks &&
        context.chunkPlans.remove(context.chunkPlans.keyFor(data.tenant, context.jobId)),
    ]),
  );
  logRequestDone(context, data, result, finishing.chunks);
  return { ...answer, stats: requestStats(data, result, finishing.startedAt) };
}

/** One log line per request, grouped or not: what operators search by funnel and status. */
/**
 * Lets the requests' stored bodies go, once their records are stored, without waiting for it: the
 * job's end goes to Redis after it on the same connection, where commands run in the order sent,
 * so whoever hears the answer finds the body gone. A body left behind (Redis away) expires
 * by itself.
 */
export function letBodiesGo(
  context: Pick<IngestContext, 'payloads' | 'logger'>,
  payloadKeys: string[],
): void {
  context.payloads.remove(...payloadKeys).catch((error: unknown) => {
    context.logger.warn({ err: error }, 'request body not removed; it expires by itself');
  });
}

export function logRequestDone(
  context: Pick<IngestContext, 'logger'>,
  data: ParsedJobData<'ingest'>,
  result: RequestResult,
  chunks?: number,
): void {
  context.logger.info(
    {
      method: data.method,
      funnel: data.endpointUrl,
      httpStatus: result.httpStatus,
      items: result.itemCount,
      ...(chunks ? { chunks } : {}),
    },
    'funnel request done',
  );
}

/** The figures of a request's answer that the API's metrics count. */
export function requestStats(
  data: ParsedJobData<'ingest'>,
  result: RequestResult,
  startedAt: number,
): NonNullable<JobResult<'ingest'>['stats']> {
  return {
    imported: data.dryRun ? 0 : (result.successIds?.length ?? 0),
    // A dry run writes nothing, so none of its items is a failure to count.
    failed: data.dryRun
      ? 0
      : Object.keys(result.errors ?? {}).filter((key) => key !== '_request').length,
    deleted: data.dryRun ? 0 : (result.deletedIds?.length ?? 0),
    queueWaitMs: startedAt - Date.parse(data.receivedAt),
    processingMs: Date.now() - startedAt,
  };
}

/** The answer for repeats of the request's Idempotency-Key; a 5xx frees the key instead. */
async function keepAnswer(
  data: ParsedJobData<'ingest'>,
  context: IngestContext,
  answer: Pick<JobResult<'ingest'>, 'httpStatus' | 'envelope'>,
): Promise<void> {
  const key = data.idempotencyRecordKey;
  if (!key) return;
  if (answer.httpStatus >= 500) await context.idempotency.release(key);
  else await context.idempotency.complete(key, answer);
}

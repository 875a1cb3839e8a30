/** The history record of one funnel request, built from the job and its outcome. */
import { documentId } from '../domain/names';
import { traceIdOf } from '../platform/tracing/trace-carrier';
import {
  toStoredErrors,
  type HistoryDocument,
  type HistoryStatus,
} from '../history/history-record';
import type { ItemErrors } from '../domain/item-errors';
import { identifiersNamed } from '../history/record-identifiers';
import type { ResolvedIdentifier } from '../domain/resolved-identifier';
import type { ParsedJobData } from '../queue/jobs';
import type { StoredPayload } from '../history/stored-payload';
import { payloadPreview } from '../history/payload-preview';

export interface RequestOutcome {
  status: HistoryStatus;
  httpStatus: number;
  message: string;
  itemCount: number;
  errors?: ItemErrors;
  successIds?: string[];
  deletedIds?: string[];
  notFoundIds?: string[];
  resolved?: ResolvedIdentifier[];
}

/** What a record needs of the request: the job's data, or the API's before there is a job. */
export type RecordedRequest = Pick<
  ParsedJobData<'ingest'>,
  | 'tenant'
  | 'requestId'
  | 'recordId'
  | 'endpointUrl'
  | 'funnelId'
  | 'method'
  | 'receivedAt'
  | 'sequence'
  | 'tokenId'
  | 'dryRun'
  | 'bodyFormat'
> &
  Partial<Pick<ParsedJobData<'ingest'>, 'replayOf' | 'redriveId' | 'trace'>> & {
    sync?: string | undefined;
  };

export function historyRecord(
  job: RecordedRequest,
  raw: Buffer,
  outcome: RequestOutcome,
  historyTtlDays: number,
  storedPayload: StoredPayload | null = null,
): HistoryDocument {
  const receivedAt = new Date(job.receivedAt);
  const finished = outcome.status !== 'queued' && outcome.status !== 'processing';
  const finishedAt = new Date();
  const named = {
    errors: toStoredErrors(outcome.errors ?? {}),
    successIds: outcome.successIds ?? [],
    deletedIds: outcome.deletedIds ?? [],
    notFoundIds: outcome.notFoundIds ?? [],
    resolved: outcome.resolved ?? [],
  };
  const identifiers = identifiersNamed(named);
  return {
    _id: documentId(job.tenant, job.recordId),
    recordId: job.recordId,
    tenant: job.tenant,
    funnelId: job.funnelId,
    endpointUrl: job.endpointUrl,
    requestId: job.requestId,
    method: job.method,
    receivedAt,
    sequence: job.sequence,
    finishedAt: finished ? finishedAt : null,
    durationMs: finished ? finishedAt.getTime() - receivedAt.getTime() : null,
    status: outcome.status,
    httpStatus: outcome.httpStatus,
    itemCount: outcome.itemCount,
    message: outcome.message,
    ...named,
    identifiers,
    identifierCount: identifiers.length,
    // The repository lays the lists out into parts when they are past the record's budget.
    parts: 0,
    ...payloadPreview(raw),
    storedPayload,
    tokenId: job.tokenId,
    dryRun: job.dryRun,
    bodyFormat: job.bodyFormat,
    ...(job.replayOf === undefined ? {} : { replayOf: job.replayOf }),
    ...(job.redriveId === undefined ? {} : { redriveId: job.redriveId }),
    ...(job.sync === undefined ? {} : { sync: job.sync }),
    expiresAt: recordExpiry(job, historyTtlDays),
    ...traceIdField(job.trace),
  };
}

function traceIdField(carrier: RecordedRequest['trace']): { traceId?: string } {
  const traceId = traceIdOf(carrier);
  return traceId === undefined ? {} : { traceId };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the record of `job` may be purged. */
export const recordExpiry = (job: Pick<RecordedRequest, 'receivedAt'>, days: number): Date =>
  new Date(Date.parse(job.receivedAt) + days * DAY_MS);

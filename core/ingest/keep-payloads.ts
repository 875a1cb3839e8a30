/**
 * Keeps the whole bodies of requests for their history records, before the records are written:
 * outside the transaction of the item writes, which stays small (docs/storage.md#request-payloads).
 * A body is kept HISTORY_PAYLOAD_DAYS after its request was received, never past its record.
 */
import { documentId } from '../domain/names';
import type { StoredPayload } from '../history/stored-payload';
import { recordExpiry, type RecordedRequest } from './history-record-builder';
import type { IngestContext } from './ingest-context';

type Keeping = Pick<IngestContext, 'historyPayloads' | 'historyTtlDays' | 'historyPayloadDays'>;
type Request = Pick<RecordedRequest, 'tenant' | 'recordId' | 'receivedAt'>;

/** What the record of each request keeps of its body, in order: null each when none is kept. */
export async function keepPayloads(
  context: Keeping,
  requests: readonly { job: Request; raw: Buffer }[],
): Promise<(StoredPayload | null)[]> {
  const days = Math.min(context.historyPayloadDays, context.historyTtlDays);
  if (days === 0) return requests.map(() => null);
  return context.historyPayloads.keep(
    requests.map(({ job, raw }) => ({
      record: { _id: documentId(job.tenant, job.recordId), tenant: job.tenant },
      raw,
      expiresAt: recordExpiry(job, days),
    })),
  );
}

/** keepPayloads for one request. */
export async function keepPayload(
  context: Keeping,
  job: Request,
  raw: Buffer,
): Promise<StoredPayload | null> {
  const [stored] = await keepPayloads(context, [{ job, raw }]);
  return stored ?? null;
}

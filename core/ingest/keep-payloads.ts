/**
 * Keeps the whole bodies of requests for their history records, before the records are written:
 * outside the transaction of the item writes, which stays small (docs/storage.md#request-payloads).
 * A job starts keeping them and goes on checking and writing meanwhile; a record waits for the
 * body it names, so a record that exists has its body.
 * A body is kept HISTORY_PAYLOAD_DAYS after its request was received, never past its record. A
 * body the record's preview holds whole is not kept apart: the record keeps it for its own life.
 */
import { documentId } from '../domain/names';
import { previewHoldsWhole } from '../history/payload-preview';
import type { StoredPayload } from '../history/stored-payload';
import { recordExpiry, type RecordedRequest } from './history-record-builder';
import type { IngestContext } from './ingest-context';

type Keeping = Pick<IngestContext, 'historyPayloads' | 'historyTtlDays' | 'historyPayloadDays'>;
type Request = Pick<RecordedRequest, 'tenant' | 'recordId' | 'receivedAt'>;

/**
 * What the record of each request keeps of its body apart from its preview, in order, all in one
 * command: null for a request whose body is gone (`raw` null) or held whole by the preview, and
 * for all when none are kept.
 */
async function keepPayloads(
  context: Keeping,
  requests: readonly { job: Request; raw: Buffer | null }[],
): Promise<(StoredPayload | null)[]> {
  const days = Math.min(context.historyPayloadDays, context.historyTtlDays);
  const stored: (StoredPayload | null)[] = requests.map(() => null);
  if (days === 0) return stored;
  const present = requests.flatMap(({ job, raw }, at) =>
    raw && !previewHoldsWhole(raw) ? [{ job, raw, at }] : [],
  );
  if (present.length === 0) return stored;
  const kept = await context.historyPayloads.keep(
    present.map(({ job, raw }) => ({
      record: { _id: documentId(job.tenant, job.recordId), tenant: job.tenant },
      raw,
      expiresAt: recordExpiry(job, days),
    })),
  );
  present.forEach(({ at }, index) => (stored[at] = kept[index] ?? null));
  return stored;
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

/**
 * `keepPayloads` started now, to be awaited where a record is made. Until then its failure is
 * held, not reported as unhandled: the caller meets it at that await, or never needs the bodies.
 */
export function keepingPayloads(
  context: Keeping,
  requests: readonly { job: Request; raw: Buffer | null }[],
): Promise<(StoredPayload | null)[]> {
  const keeping = keepPayloads(context, requests);
  keeping.catch(() => undefined);
  return keeping;
}

/** `keepPayload` started now; as `keepingPayloads`. */
export function keepingPayload(
  context: Keeping,
  job: Request,
  raw: Buffer,
): Promise<StoredPayload | null> {
  const keeping = keepPayload(context, job, raw);
  keeping.catch(() => undefined);
  return keeping;
}

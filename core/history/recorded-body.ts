/**
 * A recorded request's body as it can be sent or run again, or why it cannot: the whole body is
 * read from where it is kept (stored-payload.ts); a record without it has its body whole in its
 * preview when the body was short. Shared by the payload route, the preview and the replay.
 */
import type { HistoryPayloadsRepository } from './history-payloads.repository';
import type { HistoryDocument } from './history-record';

/** A request's body as it was received: its text, and whether that is JSON or NDJSON. */
export interface RawBody {
  raw: string;
  format: 'json' | 'ndjson';
}

/** Why a body cannot be had: never kept, or kept and gone since (its days are over). */
export type BodyMissing = 'not-kept' | 'gone';

export type RecordedBody =
  { ok: true; body: RawBody } | { ok: false; missing: BodyMissing; reason: string };

const NOT_KEPT_REASON =
  'Its payload was not kept whole when it was recorded (HISTORY_PAYLOAD_DAYS is 0, or the body ' +
  'was gone): only its preview is';

export const goneReason = (record: Pick<HistoryDocument, 'storedPayload'>): string =>
  `Its payload was kept until ${record.storedPayload?.expiresAt.toISOString() ?? 'its expiry'} ` +
  '(HISTORY_PAYLOAD_DAYS) and has been pruned: the record is left without it';

/** Whether a record without a stored body has it whole in its preview, or why not. */
export function previewBody(record: HistoryDocument): RecordedBody {
  if (record.payloadTruncated) return { ok: false, missing: 'not-kept', reason: NOT_KEPT_REASON };
  return { ok: true, body: { raw: record.payload, format: record.bodyFormat } };
}

export async function recordedBody(
  payloads: HistoryPayloadsRepository,
  record: HistoryDocument,
): Promise<RecordedBody> {
  if (!record.storedPayload) return previewBody(record);
  const raw = await payloads.whole(record, record.storedPayload);
  if (!raw) return { ok: false, missing: 'gone', reason: goneReason(record) };
  return { ok: true, body: { raw: raw.toString('utf8'), format: record.bodyFormat } };
}

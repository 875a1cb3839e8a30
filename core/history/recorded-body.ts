/**
 * A recorded request's body as it can be sent or run again, or why it cannot: a body cut when it
 * was recorded is not the one that was sent. Shared by the preview and the replay.
 */
import type { HistoryDocument } from './history-record';

/** A request's body as it was received: its text, and whether that is JSON or NDJSON. */
export interface RawBody {
  raw: string;
  format: 'json' | 'ndjson';
}

export type RecordedBody = { ok: true; body: RawBody } | { ok: false; reason: string };

const TRUNCATED_REASON =
  'Its payload was cut at 256 KiB when it was recorded: the request as sent is not kept';

export function recordedBody(record: HistoryDocument): RecordedBody {
  if (record.payloadTruncated) return { ok: false, reason: TRUNCATED_REASON };
  return { ok: true, body: { raw: record.payload, format: record.bodyFormat } };
}

/**
 * Whether a recorded request can be sent again, and the body to send (docs/api-behaviour.md#replay):
 * only a POST of this tenant's funnel whose body is kept whole. A replay is then a new request
 * like any other: it is queued, gets its receipt, its answer and its own history record, which
 * names the record it replays.
 */
import type { HistoryDocument } from './history-record';
import type { BodyMissing, RecordedBody } from './recorded-body';

export type ReplaySource =
  | { ok: true; raw: Buffer; bodyFormat: 'json' | 'ndjson'; replayOf: string }
  | { ok: false; refusal: 'not-found' | 'not-a-post' | BodyMissing; message: string };

interface BodyReads {
  body(record: HistoryDocument): Promise<RecordedBody>;
}

/** `record` is the one found in the caller's tenant and funnel: null when there is none. */
export async function replaySource(
  history: BodyReads,
  record: HistoryDocument | null,
): Promise<ReplaySource> {
  if (!record) {
    return {
      ok: false,
      refusal: 'not-found',
      message: 'No such request in the history of this funnel',
    };
  }
  if (record.method !== 'POST') {
    return {
      ok: false,
      refusal: 'not-a-post',
      message: 'Only a POST is replayed: this record is of a DELETE',
    };
  }
  const recorded = await history.body(record);
  if (!recorded.ok) return { ok: false, refusal: recorded.missing, message: recorded.reason };
  return {
    ok: true,
    raw: Buffer.from(recorded.body.raw, 'utf8'),
    bodyFormat: recorded.body.format,
    replayOf: record.recordId,
  };
}

/**
 * Whether a recorded request can be sent again, and the body to send (docs/api-behaviour.md#replay):
 * only a POST of this tenant's funnel whose body was kept whole. A replay is then a new request
 * like any other: it is queued, gets its receipt, its answer and its own history record, which
 * names the record it replays.
 */
import type { HistoryDocument } from './history-record';
import { recordedBody } from './recorded-body';

export type ReplaySource =
  | { ok: true; raw: Buffer; bodyFormat: 'json' | 'ndjson'; replayOf: string }
  | { ok: false; refusal: 'not-found' | 'not-a-post' | 'truncated'; message: string };

/** `record` is the one found in the caller's tenant and funnel: null when there is none. */
export function replaySource(record: HistoryDocument | null): ReplaySource {
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
  const recorded = recordedBody(record);
  if (!recorded.ok) return { ok: false, refusal: 'truncated', message: recorded.reason };
  return {
    ok: true,
    raw: Buffer.from(recorded.body.raw, 'utf8'),
    bodyFormat: recorded.body.format,
    replayOf: record.recordId,
  };
}

/**
 * The last requests of a funnel that a draft can be run over, newest first, and those it cannot
 * with the reason: a DELETE (the preview is of what a mapping imports), a request not finished
 * yet (nothing to compare with); the preview sets aside, when it reads it, a body not kept whole or
 * pruned since.
 */
import type { HistoryDocument } from '../history/history-record';
import type { RecordedBody } from '../history/recorded-body';
import type { SkippedRequest } from './preview-schema';

export interface HistoryReads {
  /** The funnel's newest records, newest first. */
  recent(tenant: string, funnelId: string, limit: number): Promise<HistoryDocument[]>;
  /** A record's whole body, or why it is not there. */
  body(record: HistoryDocument): Promise<RecordedBody>;
}

export interface RecentRequests {
  /** Those that may be run, as far as their records tell: their bodies are read one by one. */
  runnable: HistoryDocument[];
  skipped: SkippedRequest[];
}

function reasonToSkip(record: HistoryDocument): string | undefined {
  if (record.method === 'DELETE') return 'A DELETE: the preview runs what a mapping imports';
  if (record.status === 'queued' || record.status === 'processing') return 'Not finished yet';
  return undefined;
}

export async function recentRequests(
  history: HistoryReads,
  tenant: string,
  funnelId: string,
  limit: number,
): Promise<RecentRequests> {
  const records = await history.recent(tenant, funnelId, limit);
  const runnable: HistoryDocument[] = [];
  const skipped: SkippedRequest[] = [];
  for (const record of records) {
    const reason = reasonToSkip(record);
    if (reason !== undefined) skipped.push({ ...identity(record), reason });
    else runnable.push(record);
  }
  return { runnable, skipped };
}

export const identity = (record: HistoryDocument) => ({
  recordId: record.recordId,
  requestId: record.requestId,
  receivedAt: record.receivedAt.toISOString(),
});

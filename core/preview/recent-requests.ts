/**
 * The last requests of a funnel that a draft can be run over, newest first, and those it cannot
 * with the reason: a DELETE (the preview is of what a mapping imports), a request not finished
 * yet (nothing to compare with), a body cut when it was recorded.
 */
import type { HistoryDocument } from '../history/history-record';
import type { RawBody } from '../history/recorded-body';
import { recordedBody } from '../history/recorded-body';
import type { SkippedRequest } from './preview-schema';

export interface HistoryReads {
  /** The funnel's newest records, with their payloads, newest first. */
  recent(tenant: string, funnelId: string, limit: number): Promise<HistoryDocument[]>;
}

interface RunnableRequest {
  record: HistoryDocument;
  body: RawBody;
}

export interface RecentRequests {
  runnable: RunnableRequest[];
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
  const runnable: RunnableRequest[] = [];
  const skipped: SkippedRequest[] = [];
  for (const record of records) {
    const reason = reasonToSkip(record);
    const recorded = recordedBody(record);
    if (reason !== undefined) skipped.push({ ...identity(record), reason });
    else if (!recorded.ok) skipped.push({ ...identity(record), reason: recorded.reason });
    else runnable.push({ record, body: recorded.body });
  }
  return { runnable, skipped };
}

export const identity = (record: HistoryDocument) => ({
  recordId: record.recordId,
  requestId: record.requestId,
  receivedAt: record.receivedAt.toISOString(),
});

/**
 * A funnel's recent activity from its newest history entries: the last request, and the share of
 * finished requests that failed (status error). Queued and processing ones have no outcome yet;
 * dry runs wrote nothing, so a failed one is a check that did its job, not a failure.
 */
const FINISHED = new Set(['success', 'partial', 'error']);

/** Whether an entry counts in error rates and failure charts: a real request. */
export const countsAsRun = (entry) => !entry.dryRun;

/** A real request that failed. */
export const failedRun = (entry) => countsAsRun(entry) && entry.status === 'error';

export function recentActivity(entries) {
  const finished = entries.filter((entry) => countsAsRun(entry) && FINISHED.has(entry.status));
  return {
    last: entries[0] ?? null,
    finished: finished.length,
    failed: finished.filter(failedRun).length,
  };
}

/**
 * A funnel's recent activity from its newest history entries: the last request, and the share of
 * finished requests that failed (status error). Queued and processing ones have no outcome yet.
 */
const FINISHED = new Set(['success', 'partial', 'error']);

export function recentActivity(entries) {
  const finished = entries.filter((entry) => FINISHED.has(entry.status));
  return {
    last: entries[0] ?? null,
    finished: finished.length,
    failed: finished.filter((entry) => entry.status === 'error').length,
  };
}

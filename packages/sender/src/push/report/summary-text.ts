/** The lines a person reads at the end of a push. */
import { duration } from './progress-line';
import type { PushEvent } from './push-events';

type Summary = Extract<PushEvent, { event: 'summary' }>;

export function summaryText(summary: Summary): string {
  const lines = [
    `items sent: ${summary.sent}, imported: ${summary.imported}, failed: ${summary.failed}`,
    `requests: ${summary.requests}, retries: ${summary.retries}, time: ${duration(summary.seconds)}`,
  ];
  if (summary.deleted > 0) lines.push(`items deleted: ${summary.deleted}`);
  if (summary.skippedBatches > 0) {
    lines.push(`resumed: ${summary.skippedBatches} batches answered before were not sent again`);
  }
  if (summary.notWritten > 0) lines.push(allOrNothing(summary.notWritten));
  if (summary.replayed > 0) lines.push(replays(summary.replayed));
  return lines.join('\n') + '\n';
}

/** Valid rows among the failed: the funnel rejected their batches whole. */
function allOrNothing(notWritten: number): string {
  const rows = notWritten === 1 ? '1 valid row was' : `${notWritten} valid rows were`;
  return (
    `all or nothing: ${rows} not written because other rows of their batch failed; ` +
    "the funnel's partial validation is off (on, it would have written them)"
  );
}

/** Answers to requests sent before under the same keys: they wrote nothing now. */
function replays(replayed: number): string {
  const answers = replayed === 1 ? '1 answer was a replay' : `${replayed} answers were replays`;
  return (
    `replayed: ${answers} of an earlier request of this run (same Idempotency-Key): ` +
    'the service wrote nothing again for them'
  );
}

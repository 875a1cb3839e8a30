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
  return lines.join('\n') + '\n';
}

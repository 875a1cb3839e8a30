/** A re-drive's progress and outcome as the CLI prints them: one line each. */
import type { Redrive } from './redrive-client';

export function progressText(redrive: Redrive): string {
  const skipped =
    redrive.skipped === 0
      ? ''
      : `, ${redrive.skipped} skipped (${redrive.skippedBy.gone} pruned, ` +
        `${redrive.skippedBy['not-kept']} not kept)`;
  return (
    `re-drive ${redrive.redriveId} ${redrive.state}${redrive.dryRun ? ' (dry run)' : ''}: ` +
    `${redrive.sent}/${redrive.total} sent, ${redrive.succeeded} succeeded, ` +
    `${redrive.partial} partial, ${redrive.failed} failed${skipped}`
  );
}

/** Whether a re-drive sends no more. */
export const hasEnded = (redrive: Redrive): boolean =>
  redrive.state === 'finished' || redrive.state === 'failed' || redrive.state === 'cancelled';

/** Whether it ended with every request it walked sent and succeeding. */
export const allSucceeded = (redrive: Redrive): boolean =>
  redrive.state === 'finished' && redrive.succeeded === redrive.sent && redrive.skipped === 0;

/** What a queued request's job answers: its status and envelope, or that it is still running. */
import type { JobOutcome } from '../queue/funnel-queue';
import type { JobResult } from '../queue/jobs';

export type Answer =
  | {
      state: 'answered';
      httpStatus: number;
      envelope: Record<string, unknown>;
      /** The first answer to its Idempotency-Key, given again. */
      replayed: boolean;
      stats?: JobResult<'ingest'>['stats'];
    }
  /** The job outlasted the wait; it goes on, and its history record will tell. */
  | { state: 'running' };

export function answerOf(outcome: JobOutcome<'ingest'>, replayed: boolean): Answer {
  return outcome.state === 'running'
    ? { state: 'running' }
    : { state: 'answered', ...outcome.result, replayed };
}

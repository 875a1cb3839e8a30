/**
 * Whether a failed attempt ends its job here, with the answer the use case gives when it gives
 * up: on the last attempt, or on any attempt when trying again would fail the same way
 * (core/ingest/failure-kind.ts). Never for a job that waits for its children or is handed back
 * at shutdown: those are not failures.
 */
import { failsAgain } from '../../core/ingest/failure-kind';
import type { IngestContext } from '../../core/ingest/ingest-context';
import { parksJob } from '../bullmq-running-job';

export function givesUp(error: unknown, context: Pick<IngestContext, 'job' | 'signal'>): boolean {
  if (context.signal.aborted || parksJob(error)) return false;
  return context.job.finalAttempt || failsAgain(error);
}

/**
 * Asking for the commit of a full sync (docs/full-syncs.md), the API's side: what decides whether
 * the commit goes ahead, before the worker carries it out (carry-out-commit.ts). In order:
 *  1. a dry run answers one page of what the commit would delete and changes nothing, once the
 *     sync may be committed now: it is refused while the sync is not open (409, 410) or one of
 *     its requests is still queued or running (409 naming them);
 *  2. a commit takes its place in the receipt order, and closes the sync to new requests in one
 *     atomic step, refused as a dry run is when the sync may not be committed now;
 *  3. the sync says it is being committed, and the commit's job is queued and waited for up to
 *     WAIT_TIMEOUT_MS: its answer, or that it goes on;
 *  4. a job that could not be queued (or failed for good) leaves the sync as it was: open, with
 *     its last commit, so that its sender can commit again.
 * The limit of a commit is held by the worker, which counts what is left when its job runs.
 */
import { randomUUID } from 'node:crypto';
import type { JobResult } from '../queue/jobs';
import { closeForCommit, reopenAsItWas } from './close-for-commit';
import { commitJob, commitStarted, type CommitCaller } from './commit-job';
import type { CommitLimit } from './commit-limit';
import { commitRefusal } from './commit-refusal';
import type { FoundSync } from './find-sync';
import { previewCommit, type BadCursor, type PreviewPage, type Previewed } from './preview-commit';
import type { SyncApiServices } from './sync-api-services';
import { takeReceipt } from './sync-receipt';
import { queueAway, type QueueAway, type Refused } from './sync-refusal';

export interface CommitRequest extends CommitCaller {
  /** When the API received the request: the commit's place in the receipt order. */
  receivedAt: Date;
  limit: CommitLimit;
  dryRun: boolean;
  /** The dry run's page. */
  page: PreviewPage;
}

export type CommitRequestOutcome =
  | Refused
  | QueueAway
  | Previewed
  | BadCursor
  /** The commit outlasted the wait: it goes on, and the sync shows its progress. */
  | { state: 'running' }
  | { state: 'answered'; answer: JobResult<'sync-commit'> };

export async function requestCommit(
  services: SyncApiServices,
  { funnel, sync }: FoundSync,
  request: CommitRequest,
): Promise<CommitRequestOutcome> {
  const now = new Date();
  if (request.dryRun) {
    const refusal = await commitRefusal(services, sync, now);
    if (refusal) return refusal;
    return previewCommit(services.syncs, sync, request.limit, request.page);
  }

  const taken = await takeReceipt(services.receipts, request.receivedAt);
  if (taken.state !== 'taken') return taken;
  const { receipt } = taken;
  const refusal = await closeForCommit(services, sync, now);
  if (refusal) return refusal;

  const { records } = services.syncs;
  await records.setCommit(sync.tenant, sync.syncId, 'committing', commitStarted(request, receipt));
  const job = commitJob(funnel, sync, request, receipt);
  try {
    const outcome = await services.queue.run('sync-commit', job, {
      timeoutMs: services.waitMs,
      jobId: randomUUID(),
    });
    return outcome.state === 'running'
      ? { state: 'running' }
      : { state: 'answered', answer: outcome.result };
  } catch (error) {
    await reopenAsItWas(services, sync);
    return queueAway(error);
  }
}

/**
 * Carrying out the commit of a full sync (docs/full-syncs.md), the worker's side: a job of its
 * own, which the API queued once it had closed the sync to new requests with none of them
 * pending (request-commit.ts):
 *  1. the sync, its funnel and the identifiers its requests named are loaded;
 *  2. the candidates are counted: what this funnel wrote before the sync started, not named;
 *  3. more than the limit allows: nothing is deleted, the sync opens again, 422 says how many;
 *  4. the candidates are deleted by the DELETE use case, DELETE_BATCH at a time, as a DELETE
 *     received when the sync started (so a later write is never undone), with progress stored;
 *  5. the commit's own history record is stored, the sync is marked committed, its names go.
 * Safe to run again after a crash: a re-run counts again what is left and goes on.
 */
import type { JobResult, ParsedJobData } from '../queue/jobs';
import { deleteItems } from '../ingest/delete-items';
import type { SyncCommitContext } from './sync-services';
import { allowedDeletes } from './commit-limit';
import { commitCandidates } from './commit-candidates';
import { committedAnswer, endCommit, refuseCommit, type CommitAnswer } from './commit-outcome';
import { withExactIdentifiers } from './exact-identifiers';

/** Identifiers per DELETE: a fixed number of commands per batch. */
const DELETE_BATCH = 10_000;

export async function carryOutCommit(
  data: ParsedJobData<'sync-commit'>,
  context: SyncCommitContext,
): Promise<JobResult<'sync-commit'>> {
  const { records } = context.syncs;
  const sync = await records.find(data.tenant, data.syncId);
  const own = sync?.commit?.recordId === data.recordId;
  // Run again after it was done (its worker stopped before the job completed): the same answer.
  if (sync?.state === 'committed' && own) return committedAnswer(data, sync.commit?.deleted ?? 0);
  if (!sync || sync.state !== 'committing' || !own) {
    return answer(409, 'The sync is not being committed by this request');
  }
  const settings = await context.settings.find(data.tenant, data.endpointUrl, sync.funnelId);
  if (!settings.found) return refuseCommit(data, context, sync, failure(404, 'No such funnel'));
  // The sync's snapshot is of the content type it started on: never delete in another.
  if (settings.contentType.key !== sync.contentType) {
    const message = "The funnel's content type changed since the sync started; start a new sync";
    return refuseCommit(data, context, sync, failure(409, message));
  }
  const named = await records.namedIdentifiers(data.tenant, data.syncId);

  const { funnelItems, identifiers } = await commitCandidates(context.syncs.items, sync, named);
  const allowed = allowedDeletes(data.limit, funnelItems);
  if (identifiers.length > allowed) {
    const message =
      `The commit would delete ${identifiers.length} items, more than the limit of ${allowed}; ` +
      'nothing was deleted';
    const refusal = failure(422, message, { wouldDelete: identifiers.length, allowed });
    return refuseCommit(data, context, sync, refusal);
  }

  await records.progress(data.tenant, data.syncId, identifiers.length, 0);
  const funnel = withExactIdentifiers(settings.funnel);
  const receipt = { sequence: sync.startSequence, receivedAt: sync.startedAt };
  const deletedIds: string[] = [];
  for (let start = 0; start < identifiers.length; start += DELETE_BATCH) {
    context.signal.throwIfAborted();
    const result = await deleteItems(context.items, {
      tenant: data.tenant,
      funnel,
      contentType: settings.contentType,
      parsed: { identifiers: identifiers.slice(start, start + DELETE_BATCH) },
      receipt,
      dryRun: false,
    });
    // A funnel that turned inactive meanwhile: as a DELETE would be, refused.
    if (result.httpStatus >= 400) {
      const refusal = failure(result.httpStatus, result.envelope.message, {
        deleted: deletedIds.length,
      });
      return refuseCommit(data, context, sync, refusal, deletedIds);
    }
    deletedIds.push(...result.deletedIds);
    await records.progress(data.tenant, data.syncId, identifiers.length, deletedIds.length);
  }
  return endCommit(data, context, deletedIds);
}

const answer = (httpStatus: number, message: string): JobResult<'sync-commit'> => ({
  httpStatus,
  body: { status: 'error', message },
});

function failure(
  httpStatus: number,
  message: string,
  data: Record<string, unknown> = {},
): CommitAnswer {
  return { httpStatus, message, data };
}

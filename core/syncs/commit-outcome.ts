/**
 * How a commit ends: committed, or refused (over the limit, its funnel gone, an engine away on
 * its last attempt) with the sync open again so that its sender can fix and commit once more.
 * Either way the commit gets a history record of its own, naming the sync, before the answer.
 */
import { historyRecord, type RequestOutcome } from '../ingest/history-record-builder';
import { storeRecord } from '../ingest/store-record';
import type { SyncCommitContext } from './sync-services';
import type { JobResult, ParsedJobData } from '../queue/jobs';
import type { SyncDocument } from './sync';

const committedMessage = (syncId: string, deleted: number) =>
  `Sync ${syncId} committed: ${deleted} ${deleted === 1 ? 'item was' : 'items were'} deleted`;

export interface CommitAnswer {
  httpStatus: number;
  message: string;
  data: Record<string, unknown>;
}

type CommitJob = ParsedJobData<'sync-commit'>;

async function record(
  data: CommitJob,
  context: SyncCommitContext,
  outcome: RequestOutcome,
): Promise<void> {
  const request = {
    ...data,
    method: 'DELETE' as const,
    dryRun: false,
    bodyFormat: 'json' as const,
    sync: data.syncId,
  };
  const payload = Buffer.from(JSON.stringify(data.limit));
  const document = historyRecord(request, payload, outcome, context.historyTtlDays);
  // Its deletes are done by now: a record refused for good must not fail the commit.
  await storeRecord(context, { ...document, syncCommit: true });
}

function commitOf(data: CommitJob, toDelete: number | null, answer: CommitAnswer, deleted: number) {
  return {
    requestId: data.requestId,
    recordId: data.recordId,
    receivedAt: new Date(data.receivedAt),
    toDelete,
    deleted,
    finishedAt: new Date(),
    httpStatus: answer.httpStatus,
    message: answer.message,
  };
}

export async function refuseCommit(
  data: CommitJob,
  context: SyncCommitContext,
  sync: SyncDocument,
  answer: CommitAnswer,
  deletedIds: string[] = [],
): Promise<JobResult<'sync-commit'>> {
  await record(data, context, {
    status: 'error',
    httpStatus: answer.httpStatus,
    message: answer.message,
    itemCount: 0,
    deletedIds,
  });
  const { records, gate } = context.syncs;
  const latest = (await records.find(data.tenant, data.syncId)) ?? sync;
  const toDelete = latest.commit?.toDelete ?? null;
  await records.setCommit(
    data.tenant,
    data.syncId,
    'open',
    commitOf(data, toDelete, answer, deletedIds.length),
  );
  await gate.open(data.tenant, data.syncId, sync.expiresAt);
  context.logger.info(
    { funnel: data.endpointUrl, sync: data.syncId, httpStatus: answer.httpStatus },
    'sync commit refused',
  );
  return {
    httpStatus: answer.httpStatus,
    body: {
      status: 'error',
      message: answer.message,
      data: { syncId: data.syncId, ...answer.data },
    },
  };
}

export async function endCommit(
  data: CommitJob,
  context: SyncCommitContext,
  deletedIds: string[],
): Promise<JobResult<'sync-commit'>> {
  const deleted = deletedIds.length;
  const message = committedMessage(data.syncId, deleted);
  await record(data, context, {
    status: 'success',
    httpStatus: 200,
    message,
    itemCount: deleted,
    deletedIds,
  });
  const { records, gate } = context.syncs;
  const answer = { httpStatus: 200, message, data: {} };
  await records.setCommit(
    data.tenant,
    data.syncId,
    'committed',
    commitOf(data, deleted, answer, deleted),
  );
  await gate.committed(data.tenant, data.syncId);
  await records.dropNames(data.tenant, data.syncId);
  context.logger.info({ funnel: data.endpointUrl, sync: data.syncId, deleted }, 'sync committed');
  return committedAnswer(data, deleted);
}

export function committedAnswer(data: CommitJob, deleted: number): JobResult<'sync-commit'> {
  return {
    httpStatus: 200,
    body: {
      status: 'success',
      message: committedMessage(data.syncId, deleted),
      data: { syncId: data.syncId, state: 'committed', deleted, recordId: data.recordId },
    },
  };
}

/** The last attempt failed (an engine away): the sync opens again, nothing more is deleted. */
export async function abandonCommit(
  data: CommitJob,
  context: SyncCommitContext,
  error: unknown,
): Promise<JobResult<'sync-commit'>> {
  context.logger.error({ err: error, sync: data.syncId }, 'sync commit gave up');
  const sync = await context.syncs.records.find(data.tenant, data.syncId);
  const message = 'The commit could not finish (a database or the queue was away); commit again';
  if (!sync) return { httpStatus: 503, body: { status: 'error', message } };
  return refuseCommit(data, context, sync, { httpStatus: 503, message, data: {} });
}

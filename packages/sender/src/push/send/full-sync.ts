/**
 * A full sync (docs/full-syncs.md): opened before the rows are sent, committed after, with
 * exactly one limit, `maxDeletes` or `maxDeletePercent`. A dry run asks the commit's dry run
 * instead, page by page, and deletes nothing.
 */
import { RunStopped } from './push-errors';
import { stopIfRefused } from './refusals';
import { callService, funnelPath, type RunContext } from './run-context';
import type { components } from '../../service/openapi-paths';
import { messageOf, type ServiceRequest } from './service-client';

export type CommitLimit = { maxDeletes: number } | { maxDeletePercent: number };

export async function openSync(context: RunContext): Promise<string> {
  const answer = await callService(context, {
    label: `POST ${funnelPath(context.funnel)}/syncs`,
    send: (api) =>
      api.POST('/api/v1/funnels/{endpointUrl}/syncs', {
        params: { path: { endpointUrl: context.funnel } },
        parseAs: 'text',
      }),
  });
  stopIfRefused(answer);
  const syncId = (answer.body as { syncId?: unknown } | undefined)?.syncId;
  if (answer.status !== 201 || typeof syncId !== 'string') {
    throw new RunStopped(`the sync could not be opened: ${messageOf(answer)}`);
  }
  return syncId;
}

export interface CommitResult {
  /** False when the service refused it for its limit: nothing was deleted. */
  committed: boolean;
  message: string;
}

export async function commitSync(context: RunContext, limit: CommitLimit): Promise<CommitResult> {
  const syncId = context.syncId as string;
  const answer = await callService(context, commitRequest(context, syncId, limit));
  stopIfRefused(answer);
  const message = messageOf(answer);
  context.reporter.emit({ event: 'sync-commit', syncId, status: answer.status, message });
  if (answer.status === 200) return { committed: true, message };
  if (answer.status === 202) {
    return {
      committed: true,
      message: `${message} (the service goes on with it; GET ${syncPath(context, syncId)} tells the end)`,
    };
  }
  if (answer.status === 422)
    return { committed: false, message: `the commit was refused: ${message}` };
  throw new RunStopped(`the commit of sync ${syncId} failed: ${message}`);
}

export interface WouldDelete {
  wouldDelete: number;
  allowed: number;
  identifiers: string[];
}

const PAGE = 10_000;

export async function commitDryRun(context: RunContext, limit: CommitLimit): Promise<WouldDelete> {
  const syncId = context.syncId as string;
  const result: WouldDelete = { wouldDelete: 0, allowed: 0, identifiers: [] };
  let cursor: string | undefined;
  do {
    const query = cursor ? { limit: PAGE, cursor } : { limit: PAGE };
    const body = { ...limit, dryRun: true };
    const answer = await callService(context, commitRequest(context, syncId, body, query));
    stopIfRefused(answer);
    const page = answer.body as Partial<components['schemas']['SyncCommitPreview']> | undefined;
    if (answer.status !== 200 || !Array.isArray(page?.items)) {
      throw new RunStopped(`the commit's dry run failed: ${messageOf(answer)}`);
    }
    result.wouldDelete = page.wouldDelete ?? 0;
    result.allowed = page.allowed ?? 0;
    result.identifiers.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return result;
}

function syncPath(context: RunContext, syncId: string): string {
  return `${funnelPath(context.funnel)}/syncs/${syncId}`;
}

function commitRequest(
  context: RunContext,
  syncId: string,
  body: components['schemas']['SyncCommit'],
  query?: { limit: number; cursor?: string },
): ServiceRequest {
  return {
    label: `POST ${syncPath(context, syncId)}/commit`,
    send: (api) =>
      api.POST('/api/v1/funnels/{endpointUrl}/syncs/{syncId}/commit', {
        params: { path: { endpointUrl: context.funnel, syncId }, query },
        body,
        parseAs: 'text',
      }),
  };
}

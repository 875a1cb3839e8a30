/**
 * A full sync (docs/full-syncs.md): opened before the rows are sent, committed after, with
 * exactly one limit, `maxDeletes` or `maxDeletePercent`. A dry run asks the commit's dry run
 * instead, page by page, and deletes nothing.
 */
import { RunStopped } from './push-errors';
import { stopIfRefused } from './refusals';
import { callService, funnelPath, type RunContext } from './run-context';
import { messageOf } from './service-client';

export type CommitLimit = { maxDeletes: number } | { maxDeletePercent: number };

export async function openSync(context: RunContext): Promise<string> {
  const answer = await callService(context, {
    method: 'POST',
    path: `${funnelPath(context.funnel)}/syncs`,
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
  const answer = await callService(context, {
    method: 'POST',
    path: commitPath(context, syncId),
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(limit),
  });
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
    const query: Record<string, string> = { limit: String(PAGE) };
    if (cursor) query.cursor = cursor;
    const answer = await callService(context, {
      method: 'POST',
      path: commitPath(context, syncId),
      query,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...limit, dryRun: true }),
    });
    stopIfRefused(answer);
    const page = answer.body as {
      wouldDelete?: number;
      allowed?: number;
      items?: string[];
      nextCursor?: string | null;
    };
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

function commitPath(context: RunContext, syncId: string): string {
  return `${syncPath(context, syncId)}/commit`;
}

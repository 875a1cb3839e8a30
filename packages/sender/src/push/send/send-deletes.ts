/**
 * The deletes of a push: each batch of identifiers a gzip-compressed DELETE with its own
 * Idempotency-Key. A DELETE is all or nothing: a 422 deleted none of its identifiers, each
 * failing under its position `[i]` in the request, its identifier, or `_request`.
 */
import type { ErrorMap } from './batch-outcome';
import type { DeleteBatch } from './delete-identifiers';
import { stopIfRunCannotGoOn } from './funnel-answer';
import { idempotencyKey } from './idempotency-key';
import { callService, funnelRequest, type RunContext } from './run-context';
import { messageOf, type ServiceAnswer } from './service-client';

export async function sendDeletes(
  context: RunContext,
  batches: AsyncIterable<DeleteBatch>,
  identity: string,
): Promise<void> {
  for await (const batch of batches) {
    const key = idempotencyKey({
      runId: context.runId,
      identity,
      funnel: context.funnel,
      method: 'DELETE',
      index: batch.index,
      dryRun: context.dryRun,
      syncId: context.syncId,
      body: batch.body,
    });
    const request = await funnelRequest(context, 'DELETE', key, batch.body);
    const answer = await callService(context, request);
    stopIfRunCannotGoOn(answer, context.syncId);
    const failed = answer.status === 200 ? 0 : recordFailures(context, batch, answer);
    const deleted = answer.status === 200 ? deletedCount(answer) : 0;
    context.totals.sent += batch.lines.length;
    context.totals.deleted += deleted;
    context.totals.failed += failed;
    context.reporter.emit({
      event: 'delete-done',
      index: batch.index,
      status: answer.status,
      identifiers: batch.lines.length,
      deleted,
      failed,
    });
  }
}

function deletedCount(answer: ServiceAnswer): number {
  const ids = (answer.body as { data?: { deletedIds?: unknown } } | undefined)?.data?.deletedIds;
  return Array.isArray(ids) ? ids.length : 0;
}

function recordFailures(context: RunContext, batch: DeleteBatch, answer: ServiceAnswer): number {
  const body = answer.body as { errors?: ErrorMap } | undefined;
  const errors = body?.errors ?? { _request: { [`HTTP ${answer.status}`]: messageOf(answer) } };
  batch.lines.forEach((line, at) => {
    const own = errors._request ?? errors[`[${at}]`] ?? errors[String(line.identifier)];
    const extra = own ? undefined : { note: 'not deleted: another identifier failed the DELETE' };
    context.errors?.write({ identifier: line.identifier }, line.position, own ?? {}, extra);
  });
  return batch.lines.length;
}

/**
 * The rows' part of a push: each batch gzip-compressed and POSTed with its own Idempotency-Key,
 * its answer mapped back to rows, its failed rows written to the errors file, and its index
 * recorded in the checkpoint once the service answered it.
 */
import { rowsOf } from '../input/batch-rows';
import type { Batch } from '../push-types';
import { outcomeOf } from './batch-outcome';
import { sendConcurrently } from './batch-sender';
import type { CheckpointWriter } from './checkpoint';
import { stopIfRunCannotGoOn } from './funnel-answer';
import { idempotencyKey } from './idempotency-key';
import type { IdentifierReader } from './row-identifier';
import { callService, funnelRequest, isReplay, type RunContext } from './run-context';

export interface RowSending {
  batches: AsyncIterable<Batch>;
  identity: string;
  concurrency: number;
  readIdentifier?: IdentifierReader;
  /** Batches a checkpoint says were answered: not sent again. */
  confirmed: ReadonlySet<number>;
  checkpoint?: CheckpointWriter;
  /** Filled with the identifiers of rows a dry run would write (for the commit's dry run). */
  wouldWrite?: Set<string>;
  /** Told of each batch once it is answered, or skipped as answered before. */
  settled?: (batch: Batch) => void;
}

export async function sendRows(context: RunContext, sending: RowSending): Promise<void> {
  await sendConcurrently(sending.batches, sending.concurrency, async (batch) => {
    if (sending.confirmed.has(batch.index)) context.totals.skippedBatches += 1;
    else await sendBatch(context, sending, batch);
    sending.settled?.(batch);
  });
}

async function sendBatch(context: RunContext, sending: RowSending, batch: Batch): Promise<void> {
  const key = idempotencyKey({
    runId: context.runId,
    identity: sending.identity,
    funnel: context.funnel,
    method: 'POST',
    index: batch.index,
    dryRun: context.dryRun,
    syncId: context.syncId,
    body: batch.body,
  });
  const request = await funnelRequest(context, 'POST', key, batch.body);
  const answer = await callService(context, request, batch.index);
  stopIfRunCannotGoOn(answer, context.syncId);
  const outcome = outcomeOf(batch, answer, sending.readIdentifier);
  if (outcome.unplacedKeys.length > 0) {
    context.warnOnce(
      "some failures name items by identifier and the funnel's identifier mapping could not be read; " +
        'rows that may have failed are counted and written as failed (pass --id-path)',
    );
  }
  for (const failure of outcome.failures) {
    context.errors?.write(
      failure.row.row,
      failure.row.position,
      failure.errors,
      noteOf(failure.note),
    );
  }
  if (sending.wouldWrite && sending.readIdentifier)
    collectWritten(sending, batch, outcome.failures);
  const failed = outcome.failures.length;
  Object.assign(context.totals, {
    sent: context.totals.sent + batch.positions.length,
    imported: context.totals.imported + outcome.imported,
    failed: context.totals.failed + failed,
    notWritten: context.totals.notWritten + outcome.notWritten,
  });
  context.reporter.emit({
    event: 'batch-done',
    index: batch.index,
    status: answer.status,
    items: batch.positions.length,
    imported: outcome.imported,
    failed,
    replayed: isReplay(answer),
  });
  await sending.checkpoint?.record(batch.index, {
    imported: outcome.imported,
    failed,
    notWritten: outcome.notWritten,
  });
}

function collectWritten(
  sending: RowSending,
  batch: Batch,
  failures: readonly { row: { position: number } }[],
): void {
  const failed = new Set(failures.map((failure) => failure.row.position));
  for (const row of rowsOf(batch)) {
    const identifier = failed.has(row.position) ? undefined : sending.readIdentifier?.(row.row);
    if (identifier !== undefined) sending.wouldWrite?.add(identifier);
  }
}

function noteOf(note: string | undefined): { note?: string } | undefined {
  return note ? { note } : undefined;
}

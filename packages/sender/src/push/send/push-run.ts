/**
 * One `funnel-sync push`, start to summary: limits, the checkpoint, the sync, the rows, the
 * deletes, the commit. Resolves to the exit status: 0 every item imported (or deleted), 1 some
 * items failed or the commit was refused, 2 the run could not finish.
 */
import { openErrorsFile } from '../report/errors-file';
import { startProgressTicker } from '../report/progress-ticker';
import type { Reporter } from '../report/push-events';
import type { Batch, Limits } from '../push-types';
import { CheckpointWriter, removeCheckpoint, type Checkpoint } from './checkpoint';
import { checkDeleteFile, deleteBatches, readIdentifiers } from './delete-identifiers';
import { commitDryRun, commitSync, openSync, type CommitLimit } from './full-sync';
import { learnIdentifierReader } from './funnel-identifier';
import { InputProgress } from './input-progress';
import { fileIdentity, newRunId, STDIN_IDENTITY } from './idempotency-key';
import { readLimits } from './limits';
import { UsageError } from './push-errors';
import { startingCheckpoint } from './resume-state';
import type { RetryPolicy } from './retry-policy';
import { callService, newTotals, type RunContext } from './run-context';
import { sendDeletes } from './send-deletes';
import { sendRows } from './send-rows';
import type { ServiceClient } from './service-client';

export const EXIT_PUSH = { ok: 0, itemsFailed: 1, notFinished: 2 } as const;

export interface PushPlan {
  funnel: string;
  /** The rows to send: a file path, or `-` for standard input. */
  rows?: {
    source: string;
    batchesFor: (limits: Limits, onProblem: (problem: RowProblem) => void) => AsyncIterable<Batch>;
  };
  deletePath?: string;
  concurrency: number;
  dryRun: boolean;
  resume: boolean;
  restart: boolean;
  fullSync?: CommitLimit;
  idPath?: string;
  errorsPath?: string;
}

/** A row the input could not send (not JSON, not an object, too large): it counts as failed. */
export interface RowProblem {
  position: number;
  raw: string;
  message: string;
}

export interface PushRuntime {
  client: ServiceClient;
  reporter: Reporter;
  retry: RetryPolicy;
  /** `inputBytes`: the input file's size when its bytes are the rows' JSON (InputProgress). */
  progress: { intervalMs: number; inputBytes?: number };
}

interface Ending {
  exitCode: number;
  message?: string;
}

export async function runPush(plan: PushPlan, runtime: PushRuntime): Promise<number> {
  const warned = new Set<string>();
  const context: RunContext = {
    client: runtime.client,
    reporter: runtime.reporter,
    retry: runtime.retry,
    funnel: plan.funnel,
    dryRun: plan.dryRun,
    runId: newRunId(),
    totals: newTotals(),
    warnOnce(message) {
      if (warned.has(message)) return;
      warned.add(message);
      runtime.reporter.emit({ event: 'warning', message });
    },
  };
  const startedAt = runtime.retry.now();
  const progress = new InputProgress(runtime.progress.inputBytes);
  const ticker = startProgressTicker(
    runtime.reporter,
    context.totals,
    () => progress.fraction(),
    runtime.progress.intervalMs,
  );
  let ending: Ending;
  try {
    ending = await carryOut(plan, context, progress);
  } catch (error) {
    ending = endingOf(error);
  } finally {
    ticker.stop();
  }
  ending = await closeErrorsFile(context, ending);
  const seconds = (runtime.retry.now() - startedAt) / 1000;
  runtime.reporter.emit({
    event: 'summary',
    exitCode: ending.exitCode,
    seconds,
    ...context.totals,
    ...messageOf(ending),
  });
  runtime.reporter.close();
  return ending.exitCode;
}

async function carryOut(
  plan: PushPlan,
  context: RunContext,
  progress: InputProgress,
): Promise<Ending> {
  validate(plan);
  const limits = await readLimits((request) => callService(context, request));
  const source = plan.rows?.source;
  context.reporter.emit({
    event: 'start',
    funnel: plan.funnel,
    source: source ?? plan.deletePath ?? '',
    dryRun: plan.dryRun,
    fullSync: plan.fullSync !== undefined,
    resume: plan.resume,
  });
  const fromStdin = source === '-';
  const identity = source && !fromStdin ? await fileIdentity(source) : STDIN_IDENTITY;
  // A dry run writes nothing, and standard input cannot be read again: neither is checkpointed.
  const start =
    source && !fromStdin && !plan.dryRun
      ? await startingCheckpoint(
          source,
          { version: 1, runId: context.runId, identity, funnel: plan.funnel, confirmed: {} },
          {
            resume: plan.resume,
            restart: plan.restart,
            fullSync: plan.fullSync !== undefined,
          },
        )
      : undefined;
  if (start?.resumed) {
    // The resumed run's keys are the stopped run's: what it sent replays, nothing is written twice.
    context.runId = start.state.runId;
    foldConfirmed(context, start.state.confirmed);
  }
  if (plan.fullSync) {
    context.syncId = start?.state.syncId ?? (await openSync(context));
    if (start) start.state.syncId = context.syncId;
    context.reporter.emit({ event: 'sync-open', syncId: context.syncId });
  }
  const checkpoint = start && new CheckpointWriter(start.path, start.state);
  await checkpoint?.save();
  if (plan.errorsPath) context.errors = openErrorsFile(plan.errorsPath, start?.resumed ?? false);

  const wouldWrite = plan.dryRun && plan.fullSync ? new Set<string>() : undefined;
  if (plan.rows) {
    await sendRows(context, {
      batches: plan.rows.batchesFor(limits, (problem) => {
        context.totals.failed += 1;
        context.errors?.write({}, problem.position, { Row: problem.message }, { raw: problem.raw });
      }),
      identity,
      concurrency: plan.concurrency,
      readIdentifier: await learnIdentifierReader(context.client, plan.funnel, plan.idPath),
      confirmed: new Set(Object.keys(start?.state.confirmed ?? {}).map(Number)),
      checkpoint,
      wouldWrite,
      settled: (batch) => progress.settled(batch),
    });
  }
  if (plan.deletePath) {
    await checkDeleteFile(plan.deletePath, limits);
    const batches = deleteBatches(readIdentifiers(plan.deletePath), limits);
    await sendDeletes(context, batches, await fileIdentity(plan.deletePath));
  }
  const ending = await finishSync(plan, context, wouldWrite);
  if (start && ending.keepCheckpoint !== true) await removeCheckpoint(start.path);
  return ending;
}

function validate(plan: PushPlan): void {
  if (!plan.rows && !plan.deletePath)
    throw new UsageError('nothing to send: give a file, or --delete FILE');
  if (plan.resume && plan.restart)
    throw new UsageError('--resume and --restart exclude each other');
  if (plan.resume && plan.rows?.source === '-') {
    throw new UsageError('standard input cannot be resumed: it cannot be read a second time');
  }
  if (plan.resume && plan.dryRun)
    throw new UsageError('a dry run keeps no checkpoint: --resume does not apply');
}

function foldConfirmed(context: RunContext, confirmed: Checkpoint['confirmed']): void {
  for (const counts of Object.values(confirmed)) {
    context.totals.imported += counts.imported;
    context.totals.failed += counts.failed;
    context.totals.notWritten += counts.notWritten;
  }
}

/** Commits only when every item was sent and accepted; a refused commit keeps the checkpoint. */
async function finishSync(
  plan: PushPlan,
  context: RunContext,
  wouldWrite: Set<string> | undefined,
): Promise<Ending & { keepCheckpoint?: boolean }> {
  const failedExit = context.totals.failed > 0 ? EXIT_PUSH.itemsFailed : EXIT_PUSH.ok;
  if (!plan.fullSync) return { exitCode: failedExit };
  if (context.totals.failed > 0) {
    return {
      exitCode: EXIT_PUSH.itemsFailed,
      message: `sync ${context.syncId} was not committed: ${context.totals.failed} items failed; it deletes nothing and expires in 24 hours`,
    };
  }
  if (plan.dryRun) {
    await reportWouldDelete(context, plan.fullSync, wouldWrite ?? new Set());
    return { exitCode: EXIT_PUSH.ok };
  }
  const commit = await commitSync(context, plan.fullSync);
  if (!commit.committed) {
    return {
      exitCode: EXIT_PUSH.itemsFailed,
      message: `${commit.message}; --resume commits the same sync again`,
      keepCheckpoint: true,
    };
  }
  return { exitCode: EXIT_PUSH.ok, message: commit.message };
}

/**
 * A dry run's requests name nothing to the sync, so the service's list holds every item of the
 * funnel; the identifiers this file would write are taken out of it here.
 */
async function reportWouldDelete(
  context: RunContext,
  limit: CommitLimit,
  wouldWrite: Set<string>,
): Promise<void> {
  const page = await commitDryRun(context, limit);
  const identifiers = page.identifiers.filter((identifier) => !wouldWrite.has(identifier));
  context.reporter.emit({
    event: 'would-delete',
    wouldDelete: identifiers.length,
    allowed: page.allowed,
    withinLimit: identifiers.length <= page.allowed,
    identifiers,
  });
}

/** UsageError, RunStopped, an input that cannot be read, a file that cannot be written. */
function endingOf(error: unknown): Ending {
  return { exitCode: EXIT_PUSH.notFinished, message: (error as Error).message ?? String(error) };
}

async function closeErrorsFile(context: RunContext, ending: Ending): Promise<Ending> {
  try {
    await context.errors?.close();
    return ending;
  } catch (error) {
    return { exitCode: EXIT_PUSH.notFinished, message: (error as Error).message };
  }
}

function messageOf(ending: Ending): { message?: string } {
  return ending.message ? { message: ending.message } : {};
}

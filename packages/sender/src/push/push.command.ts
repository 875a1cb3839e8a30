/**
 * `push <file>`: sends a file's rows to a funnel through the public HTTP API, as any sender
 * would. It needs the service's URL and a token, never the database: unlike the other commands
 * it loads no configuration of its own.
 */
import { statSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import type { CliIo } from '../cli-io';
import { batchesOf } from './input/batches-of';
import { openRows } from './input/open-rows';
import type { Limits } from './push-types';
import { jsonReporter } from './report/json-reporter';
import { textReporter } from './report/text-reporter';
import { connect } from './send/service-connection';
import type { CommitLimit } from './send/full-sync';
import { UsageError } from './send/push-errors';
import { EXIT_PUSH, runPush, type PushPlan, type RowProblem } from './send/push-run';
import { defaultRetryPolicy } from './send/retry-policy';
import { DEFAULT_BOUNDS } from './send/service-client';

interface PushOptions {
  funnel: string;
  url?: string;
  token?: string;
  concurrency: number;
  maxRetries: number;
  timeout: number;
  maxAnswerMib: number;
  errors?: string;
  json?: boolean;
  resume?: boolean;
  restart?: boolean;
  dryRun?: boolean;
  fullSync?: boolean;
  maxDeletes?: number;
  maxDeletePercent?: number;
  delete?: string;
  idPath?: string;
  format?: 'json' | 'ndjson' | 'csv';
  csvArraySep?: string;
}

const MIB = 1024 * 1024;

/** Exit statuses a script can branch on; thrown so that run-cli.ts returns them as they are. */
export class PushExit extends Error {
  constructor(readonly exitCode: number) {
    super(`push ended with exit status ${exitCode}`);
  }
}

const HELP = `
The service's URL and token come from FUNNEL_SYNC_URL and FUNNEL_SYNC_TOKEN, or --url and
--token. Prefer the variable for the token: a command line is visible to other users of the
machine.

Each request gets an Idempotency-Key made from the file (path, size, modification time), the
batch and its body, so a retry or a re-run within 24 hours never writes twice. The batches the
service answered are kept in <file>.push-checkpoint.json until the run finishes; --resume sends
only the others (standard input cannot be resumed).

Exit status:
  0   every item imported (and every identifier deleted)
  1   some items failed (see --errors), or the full sync's commit was refused
  2   the run could not finish: bad arguments, service unreachable after retries, token refused`;

export function registerPushCommand(program: Command, io: CliIo): void {
  program
    .command('push')
    .description("send a file's rows to a funnel through the HTTP API")
    .argument('[file]', 'JSON array, NDJSON or CSV, maybe gzip-compressed; - for standard input')
    .requiredOption('--funnel <endpoint-url>', "the funnel's endpoint URL")
    .option('--url <url>', "the service's base URL (default: FUNNEL_SYNC_URL)")
    .option('--token <token>', 'the API token (default: FUNNEL_SYNC_TOKEN, which is safer)')
    .option('--concurrency <n>', 'requests in flight at once', count(1, 64), 4)
    .option(
      '--max-retries <n>',
      'retries of a request on 429, 5xx or a network error',
      count(0, 100),
      5,
    )
    .option(
      '--timeout <seconds>',
      'give up on a request not answered in full within this time; it is sent again as a ' +
        'network error would be',
      count(1, 3600),
      DEFAULT_BOUNDS.timeoutMs / 1000,
    )
    .option(
      '--max-answer-mib <n>',
      'stop the run on an answer larger than this',
      count(1, 1024),
      DEFAULT_BOUNDS.maxAnswerBytes / MIB,
    )
    .option('--errors <file>', 'write each failed row there as NDJSON, with "_push" saying why')
    .option('--json', 'print one JSON event per line (start, progress, batch-done, retry, summary)')
    .option('--resume', 'skip the batches the checkpoint says the service answered')
    .option('--restart', 'discard an existing checkpoint and send everything again')
    .option('--dry-run', 'send every request with ?dryRun=true: the service checks, writes nothing')
    .option('--full-sync', 'send the file as a full sync and commit it: deletes what it lacks')
    .option('--max-deletes <n>', 'with --full-sync: the most items the commit may delete', count(0))
    .option(
      '--max-delete-percent <p>',
      'with --full-sync: the most it may delete, in percent',
      percent,
    )
    .option('--delete <file>', 'delete the identifiers of this file (one a line, or NDJSON)')
    .option('--id-path <path>', "the rows' identifier path, to place failures on rows")
    .option('--format <format>', 'json, ndjson or csv (default: from the name or the content)')
    .option('--csv-array-sep <sep>', 'splits the cells of CSV columns whose header ends in []')
    .addHelpText('after', HELP)
    .action(async (file: string | undefined, options: PushOptions) => {
      const code = await push(file, options, io);
      if (code !== EXIT_PUSH.ok) throw new PushExit(code);
    });
}

async function push(file: string | undefined, options: PushOptions, io: CliIo): Promise<number> {
  let plan: PushPlan;
  let client;
  try {
    plan = planOf(file, options, io);
    client = connect(options, io.env, {
      timeoutMs: options.timeout * 1000,
      maxAnswerBytes: options.maxAnswerMib * MIB,
    });
  } catch (error) {
    io.stderr.write(`error: ${(error as Error).message}\n`);
    return EXIT_PUSH.notFinished;
  }
  const isTty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const reporter = options.json
    ? jsonReporter(io.stdout)
    : textReporter(io.stdout, io.stderr, isTty);
  const intervalMs = options.json ? 2000 : isTty ? 200 : 5000;
  return runPush(plan, {
    client,
    reporter,
    retry: defaultRetryPolicy(options.maxRetries),
    progress: { intervalMs, inputBytes: jsonInputBytes(file, options.format) },
  });
}

function planOf(file: string | undefined, options: PushOptions, io: CliIo): PushPlan {
  if (
    options.fullSync !== true &&
    (options.maxDeletes !== undefined || options.maxDeletePercent !== undefined)
  ) {
    throw new UsageError('--max-deletes and --max-delete-percent go with --full-sync');
  }
  const rowOptions = {
    format: options.format,
    csvArraySep: options.csvArraySep,
    stdin: (io as { stdin?: NodeJS.ReadableStream }).stdin,
  };
  return {
    funnel: options.funnel,
    rows: file
      ? {
          source: file,
          batchesFor: (limits: Limits, onProblem: (problem: RowProblem) => void) =>
            batchesOf(openRows(file, { ...rowOptions, onProblem }), limits, onProblem),
        }
      : undefined,
    deletePath: options.delete,
    concurrency: options.concurrency,
    dryRun: options.dryRun === true,
    resume: options.resume === true,
    restart: options.restart === true,
    fullSync: options.fullSync ? commitLimitOf(options) : undefined,
    idPath: options.idPath,
    errorsPath: options.errors,
  };
}

/** The commit takes exactly one limit (docs/full-syncs.md). */
function commitLimitOf(options: PushOptions): CommitLimit {
  const { maxDeletes, maxDeletePercent } = options;
  if ((maxDeletes === undefined) === (maxDeletePercent === undefined)) {
    throw new UsageError('--full-sync needs exactly one of --max-deletes and --max-delete-percent');
  }
  return maxDeletes !== undefined
    ? { maxDeletes }
    : { maxDeletePercent: maxDeletePercent as number };
}

/** The input's size when its bytes are the rows' JSON: uncompressed JSON or NDJSON. */
function jsonInputBytes(file: string | undefined, format: string | undefined): number | undefined {
  const plain = file && file !== '-' && !/\.(gz|csv)$/i.test(file) && format !== 'csv';
  if (!plain) return undefined;
  try {
    return statSync(file).size || undefined;
  } catch {
    return undefined;
  }
}

function count(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(
        `expected a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`,
      );
    }
    return parsed;
  };
}

function percent(value: string): number {
  const parsed = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || parsed > 100)
    throw new InvalidArgumentError('expected 0 to 100');
  return parsed;
}

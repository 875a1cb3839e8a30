/**
 * `redrive <endpoint-url> --since <time>`: sends again, through the funnel's current settings,
 * every request that failed since a time (or in one full sync), as one re-drive of the HTTP API
 * (docs/api-behaviour.md#re-drive). Like push it needs the service's URL and a token, never the
 * database. With --wait it follows the re-drive until it ends and prints its counts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Command } from 'commander';
import type { CliIo } from '../cli-io';
import { connect } from '../push/send/service-connection';
import { DEFAULT_BOUNDS } from '../push/send/service-client';
import { RedriveClient, type Redrive } from './redrive-client';
import { EXIT_REDRIVE, RedriveExit } from './redrive-exit';
import { allSucceeded, hasEnded, progressText } from './redrive-text';

interface RedriveOptions {
  since?: string;
  until?: string;
  sync?: string;
  dryRun?: boolean;
  wait?: boolean;
  url?: string;
  token?: string;
}

/** How often --wait reads the re-drive. */
const FOLLOW_MS = 1_000;

const HELP = `
The service's URL and token come from FUNNEL_SYNC_URL and FUNNEL_SYNC_TOKEN, or --url and
--token. Each failed request is sent once, in the order it was received; the requests a
re-drive sent are listed by the funnel's history filtered by its id (printed at the end).

Exit status:
  0   queued (without --wait), or finished with every request succeeding
  1   finished with requests failing again or skipped, or the re-drive failed or was cancelled
  2   bad arguments, or a re-drive the service refused (a bad time, over REDRIVE_MAX_REQUESTS)
  3   no such funnel or sync
  4   the funnel has a re-drive running
  69  the service did not answer`;

export function registerRedriveCommand(program: Command, io: CliIo): void {
  program
    .command('redrive')
    .description("send a funnel's failed requests again through its current settings")
    .argument('<endpoint-url>', "the funnel's endpoint URL")
    .option('--since <time>', 'the failed requests received at or after this ISO 8601 time')
    .option('--until <time>', 'with --since: received before this time (default: now)')
    .option('--sync <id>', 'instead of --since: the failed requests of this full sync')
    .option('--dry-run', 'send each as a dry run: the service checks, writes nothing')
    .option('--wait', 'follow the re-drive until it ends, printing its progress')
    .option('--url <url>', "the service's base URL (default: FUNNEL_SYNC_URL)")
    .option('--token <token>', 'the API token (default: FUNNEL_SYNC_TOKEN, which is safer)')
    .addHelpText('after', HELP)
    .action((funnel: string, options: RedriveOptions) => redrive(funnel, options, io));
}

async function redrive(funnel: string, options: RedriveOptions, io: CliIo): Promise<void> {
  if ((options.since === undefined) === (options.sync === undefined)) {
    throw new RedriveExit(EXIT_REDRIVE.badInput, 'give one of --since and --sync');
  }
  const client = new RedriveClient(connected(options, io), funnel);
  let redrive = await unlessUnreachable(() =>
    client.start({
      ...(options.since === undefined ? {} : { since: options.since }),
      ...(options.until === undefined ? {} : { until: options.until }),
      ...(options.sync === undefined ? {} : { syncId: options.sync }),
      dryRun: options.dryRun === true,
    }),
  );
  io.stdout.write(`${progressText(redrive)}\n`);
  if (!options.wait) return;
  let shown = progressText(redrive);
  while (!hasEnded(redrive)) {
    await sleep(FOLLOW_MS);
    const { redriveId } = redrive;
    redrive = await unlessUnreachable(() => client.read(redriveId));
    const text = progressText(redrive);
    if (text !== shown) io.stdout.write(`${text}\n`);
    shown = text;
  }
  io.stdout.write(`the requests it sent: GET ${redrive.records}\n`);
  if (!allSucceeded(redrive)) throw new RedriveExit(EXIT_REDRIVE.failed, outcomeOf(redrive));
}

function outcomeOf(redrive: Redrive): string {
  if (redrive.state !== 'finished') {
    return `the re-drive ${redrive.state}${redrive.message ? `: ${redrive.message}` : ''}`;
  }
  return `${redrive.failed + redrive.partial} requests failed again, ${redrive.skipped} skipped`;
}

function connected(options: RedriveOptions, io: CliIo) {
  try {
    return connect(options, io.env, DEFAULT_BOUNDS);
  } catch (error) {
    throw new RedriveExit(EXIT_REDRIVE.badInput, (error as Error).message);
  }
}

/** A network failure is the service away; any answer is the client's to read. */
async function unlessUnreachable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RedriveExit) throw error;
    throw new RedriveExit(
      EXIT_REDRIVE.unavailable,
      `the service did not answer: ${(error as Error).message}`,
    );
  }
}

/**
 * The sender's command line as a function: parses `argv` (the arguments after the command's
 * name), runs the command against `io`, and resolves to the exit status. It talks to the service
 * over HTTP only, so it loads no configuration and reaches no database.
 */
import { Command, CommanderError } from 'commander';
import type { CliIo } from './cli-io';
import { PushExit, registerPushCommand } from './push/push.command';
import { EXIT_PUSH } from './push/send/push-run';
import { registerRedriveCommand } from './redrive/redrive.command';
import { RedriveExit } from './redrive/redrive-exit';

function program(io: CliIo): Command {
  const cli = new Command('funnel-sync')
    .description(
      "funnel-sync's sender: a file's rows into a funnel, and failed requests sent again, over the HTTP API",
    )
    .helpCommand(false)
    .showSuggestionAfterError()
    // Set before the commands are added: they inherit where to write and how to fail.
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    // Commander errors throw here, so that every failure leaves through one exit path below.
    .exitOverride();
  registerPushCommand(cli, io);
  registerRedriveCommand(cli, io);
  return cli;
}

/** A failure no command foresaw: the status any program exits with on one. */
const UNEXPECTED = 1;

function exitCodeOf(error: unknown, io: CliIo): number {
  // push has printed its summary and chosen its own status (README.md).
  if (error instanceof PushExit) return error.exitCode;
  if (error instanceof RedriveExit) {
    io.stderr.write(`error: ${error.message}\n`);
    return error.exitCode;
  }
  // Commander has already printed its own one-line message (or the help).
  if (error instanceof CommanderError) {
    return error.exitCode === 0 ? EXIT_PUSH.ok : EXIT_PUSH.notFinished;
  }
  io.stderr.write(`error: ${(error as Error).message ?? String(error)}\n`);
  return UNEXPECTED;
}

export async function runSenderCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    await program(io).parseAsync(argv, { from: 'user' });
    return EXIT_PUSH.ok;
  } catch (error) {
    return exitCodeOf(error, io);
  }
}

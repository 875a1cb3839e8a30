/**
 * The operator's command line as a function: the database's indexes, tenants, users and tokens,
 * straight on MongoDB through core/. It parses `argv` (the arguments after the command's name),
 * runs the command against `io`, and resolves to the exit code. Every failure leaves through here.
 */
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../core/platform/config';
import { CliError, EXIT, EXIT_CODES_HELP } from './cli-error';
import { registerBootstrapCommand } from './bootstrap.command';
import type { CliIo } from './cli-io';
import { registerIndexesCommand } from './indexes.command';
import { registerTokenCommands } from './token.command';
import { registerUserCommands } from './user.command';

function program(io: CliIo): Command {
  const cli = new Command('npm run cli --')
    .description("funnel-sync: the database's indexes, tenants, users and API tokens")
    .helpCommand(false)
    .showSuggestionAfterError()
    .addHelpText('afterAll', EXIT_CODES_HELP)
    // Set before the commands are added: they inherit where to write and how to fail.
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    // Commander errors throw here, so that every failure leaves through one exit path below.
    .exitOverride();
  registerIndexesCommand(cli, io);
  registerBootstrapCommand(cli, io);
  registerUserCommands(cli, io);
  registerTokenCommands(cli, io);
  return cli;
}

function exitCodeOf(error: unknown, io: CliIo): number {
  // Commander has already printed its own one-line message (or the help).
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.badInput;
  if (error instanceof ConfigError) {
    io.stderr.write(`funnel-sync cli: ${error.message}\n`);
    return EXIT.config;
  }
  if (error instanceof CliError) {
    io.stderr.write(`error: ${error.message}\n`);
    return error.exitCode;
  }
  io.stderr.write(`error: ${(error as Error).message ?? String(error)}\n`);
  return EXIT.failed;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    await program(io).parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    return exitCodeOf(error, io);
  }
}

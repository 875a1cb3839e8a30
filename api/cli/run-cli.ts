/**
 * The whole CLI as a function: parses `argv` (the arguments after the command's name), runs the
 * command against `io`, and resolves to the exit code. Every failure leaves through here.
 */
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../../core/platform/config';
import { CliError, EXIT, EXIT_CODES_HELP } from './cli-error';
import type { RegisterCommands } from './admin-commands';
import type { CliIo } from './cli-io';
import { PushExit, registerPushCommand } from './push/push.command';
import { registerRedriveCommand } from './redrive/redrive.command';

function program(argv: readonly string[], io: CliIo): Command {
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
  // Required on demand: the admin commands load the storage layer, which push and redrive do not
  // need.
  if (argv[0] !== 'push' && argv[0] !== 'redrive') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const admin = require('./admin-commands') as { registerAdminCommands: RegisterCommands };
    admin.registerAdminCommands(cli, io);
  }
  registerPushCommand(cli, io);
  registerRedriveCommand(cli, io);
  return cli;
}

function exitCodeOf(error: unknown, io: CliIo): number {
  // Commander has already printed its own one-line message (or the help).
  // push has printed its summary and chosen its own status (docs/cli.md).
  if (error instanceof PushExit) return error.exitCode;
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
    await program(argv, io).parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    return exitCodeOf(error, io);
  }
}

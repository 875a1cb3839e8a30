/**
 * `npm run cli -- <command>`: tenants, users and tokens from the command line, on the same
 * MongoDB as the API (MONGO_URL, JWT_SECRET). One file a command group; this one wires them.
 */
import { Command, CommanderError } from 'commander';
import { registerBootstrapCommand } from './bootstrap.command';
import { CliError, EXIT, EXIT_CODES_HELP } from './cli-error';
import { registerTokenCommands } from './token.command';
import { registerUserCommands } from './user.command';

function program(): Command {
  const cli = new Command('npm run cli --')
    .description('funnel-sync: tenants, users and API tokens')
    .helpCommand(false)
    .showSuggestionAfterError()
    .addHelpText('afterAll', EXIT_CODES_HELP)
    // Commander errors throw here, so that every failure leaves through one exit path below.
    .exitOverride();
  registerBootstrapCommand(cli);
  registerUserCommands(cli);
  registerTokenCommands(cli);
  return cli;
}

function exitCodeOf(error: unknown): number {
  // Commander has already printed its own one-line message (or the help).
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.badInput;
  if (error instanceof CliError) {
    process.stderr.write(`error: ${error.message}\n`);
    return error.exitCode;
  }
  process.stderr.write(`error: ${(error as Error).message ?? String(error)}\n`);
  return EXIT.failed;
}

program()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    // exitCode, not exit(): stdout may still be draining into a pipe.
    process.exitCode = exitCodeOf(error);
  });

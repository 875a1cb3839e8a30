/**
 * How the CLI fails: one line on stderr and an exit code a script can branch on. The codes are
 * listed in every command's --help.
 */
export const EXIT = {
  ok: 0,
  failed: 1,
  badInput: 2,
  notFound: 3,
  conflict: 4,
  indexes: 5,
  unavailable: 69, // EX_UNAVAILABLE
  config: 78, // EX_CONFIG, set by loadConfigOrExit
} as const;

export const EXIT_CODES_HELP = `
Exit codes:
  0   done
  1   unexpected failure
  2   bad input (unknown command or option, a value that is not valid)
  3   not found (no such tenant, user or token)
  4   conflict (a user with that email already exists; bootstrap's user is deactivated)
  5   the database lacks the service's indexes, or holds one of them otherwise (indexes create)
  69  MongoDB does not answer
  78  bad configuration (MONGO_URL, JWT_SECRET, LOG_LEVEL)`;

export class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * How `redrive` fails: one line on stderr and an exit status a script can branch on (listed in
 * the command's --help).
 */
export const EXIT_REDRIVE = {
  ok: 0,
  failed: 1,
  badInput: 2,
  notFound: 3,
  running: 4,
  unavailable: 69, // EX_UNAVAILABLE
} as const;

export class RedriveExit extends Error {
  override readonly name = 'RedriveExit';

  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

import { InputError } from './input-error';

/**
 * A row that is not sent: not a JSON object, not parseable, or too large for one request.
 * `raw` is the row's text as read (or as it would have been sent), for the errors file.
 */
export interface RowProblem {
  position: number;
  raw: string;
  message: string;
}

/**
 * Told of each row problem the moment it is found, in file order. A callback keeps `RowSource`
 * and `batchesOf` yielding only what is sent, which is what the sending code iterates.
 */
export type RowProblemHandler = (problem: RowProblem) => void;

/** Without a handler a bad row ends the run, so that no row is ever dropped unseen. */
export function problemHandlerOrThrow(handler: RowProblemHandler | undefined): RowProblemHandler {
  return (
    handler ??
    ((problem) => {
      throw new InputError(`Row ${problem.position}: ${problem.message}`);
    })
  );
}

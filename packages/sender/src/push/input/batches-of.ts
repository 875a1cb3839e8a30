import type { Batch, Limits, RowSource } from '../push-types';
import { GrowingBuffer } from './growing-buffer';
import { problemHandlerOrThrow, type RowProblemHandler } from './row-problem';

/** `[` and `]` around the rows, and a `,` between two. */
const BRACKETS_BYTES = 2;
const CLOSING_BYTES = 1;
const COMMA_BYTES = 1;

/**
 * Cuts rows, in file order, into requests of at most `maxItems` rows whose JSON array body is at
 * most `maxBodyBytes` bytes. Each row is serialised once, straight into the body being built.
 * A row too large to be sent even alone is a problem for that row, and the run goes on.
 */
export async function* batchesOf(
  rows: RowSource,
  limits: Limits,
  onProblem?: RowProblemHandler,
): AsyncGenerator<Batch> {
  checkLimits(limits);
  const report = problemHandlerOrThrow(onProblem);
  let index = 0;
  let positions: number[] = [];
  const body = new GrowingBuffer();
  const cut = (): Batch => {
    body.append(']', 1);
    const batch = { index: index++, positions, body: body.take() };
    positions = [];
    return batch;
  };
  for await (const sourceRow of rows) {
    const text = JSON.stringify(sourceRow.row);
    const bytes = Buffer.byteLength(text);
    if (BRACKETS_BYTES + bytes > limits.maxBodyBytes) {
      report({ position: sourceRow.position, raw: text, message: tooLarge(bytes, limits) });
      continue;
    }
    const grownBytes = body.length + COMMA_BYTES + bytes + CLOSING_BYTES;
    if (positions.length === limits.maxItems || grownBytes > limits.maxBodyBytes) yield cut();
    body.append(positions.length === 0 ? '[' : ',', 1);
    body.append(text, bytes);
    positions.push(sourceRow.position);
  }
  if (positions.length > 0) yield cut();
}

function tooLarge(bytes: number, limits: Limits): string {
  return (
    `The row is ${bytes} bytes of JSON; a request takes at most ${limits.maxBodyBytes} ` +
    `bytes, so it cannot be sent`
  );
}

function checkLimits(limits: Limits): void {
  if (!Number.isInteger(limits.maxItems) || limits.maxItems < 1) {
    throw new RangeError(`maxItems must be a positive integer, not ${limits.maxItems}`);
  }
  if (!Number.isInteger(limits.maxBodyBytes) || limits.maxBodyBytes <= BRACKETS_BYTES) {
    throw new RangeError(`maxBodyBytes must be an integer over 2, not ${limits.maxBodyBytes}`);
  }
}

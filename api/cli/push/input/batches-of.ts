import type { Batch, Limits, RowSource, SourceRow } from '../push-types';
import { problemHandlerOrThrow, type RowProblemHandler } from './row-problem';

/** `[` and `]` around the rows, and a `,` between two. */
const BRACKETS_BYTES = 2;
const COMMA_BYTES = 1;

/**
 * Cuts rows, in file order, into requests of at most `maxItems` rows whose JSON array body is at
 * most `maxBodyBytes` bytes. Each row is serialised once, and only one batch is held at a time.
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
  let pending: SourceRow[] = [];
  let texts: string[] = [];
  let bodyBytes = BRACKETS_BYTES;
  for await (const sourceRow of rows) {
    const text = JSON.stringify(sourceRow.row);
    const bytes = Buffer.byteLength(text);
    if (BRACKETS_BYTES + bytes > limits.maxBodyBytes) {
      report({ position: sourceRow.position, raw: text, message: tooLarge(bytes, limits) });
      continue;
    }
    const grownBytes = bodyBytes + (pending.length > 0 ? COMMA_BYTES : 0) + bytes;
    if (pending.length === limits.maxItems || grownBytes > limits.maxBodyBytes) {
      yield batch(index++, pending, texts);
      pending = [];
      texts = [];
      bodyBytes = BRACKETS_BYTES;
    }
    bodyBytes += (pending.length > 0 ? COMMA_BYTES : 0) + bytes;
    pending.push(sourceRow);
    texts.push(text);
  }
  if (pending.length > 0) yield batch(index, pending, texts);
}

function batch(index: number, rows: SourceRow[], texts: string[]): Batch {
  return { index, rows, body: Buffer.from(`[${texts.join(',')}]`) };
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

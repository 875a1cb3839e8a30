import type { SourceRow } from '../push-types';
import type { RowProblem } from './row-problem';

/** What a row carried when it came from a previous push's errors file; never sent. */
const PUSH_ANNOTATION = '_push';

/**
 * A parsed value as a row to send, or the problem that it is not a JSON object. The `_push`
 * key is dropped so that an errors file, read again, sends each row as it first was.
 */
export function checkedRow(
  value: unknown,
  position: number,
  raw: () => string,
): SourceRow | RowProblem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { position, raw: raw(), message: `The row is ${describe(value)}, not a JSON object` };
  }
  const row = value as Record<string, unknown>;
  delete row[PUSH_ANNOTATION];
  return { row, position };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

export function isRowProblem(item: SourceRow | RowProblem): item is RowProblem {
  return 'message' in item;
}

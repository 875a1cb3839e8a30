import type { SourceRow } from '../push-types';
import type { RowProblem } from './row-problem';

/**
 * What a row carried when it came from a previous push's errors file, or from the rejected rows
 * the history serves (docs/api-behaviour.md#rejected-rows); never sent.
 */
const ANNOTATIONS = ['_push', '_rejected'] as const;

/**
 * A parsed value as a row to send, or the problem that it is not a JSON object. The annotations
 * are dropped so that an errors file or rejected rows, read again, send each row as it first was.
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
  for (const annotation of ANNOTATIONS) delete row[annotation];
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

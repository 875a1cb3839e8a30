import type { Batch, SourceRow } from '../push-types';

/** A batch's rows as they were sent, each with its position in the input. */
export function rowsOf(batch: Batch): SourceRow[] {
  const rows = JSON.parse(batch.body.toString('utf8')) as Record<string, unknown>[];
  return rows.map((row, at) => ({ row, position: batch.positions[at] ?? 0 }));
}

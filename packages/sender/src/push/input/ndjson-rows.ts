import type { SourceRow } from '../push-types';
import { checkedRow } from './checked-row';
import type { RowProblem } from './row-problem';
import { textLines } from './text-lines';

/** One JSON object a line; blank lines are skipped, and a row's position is its line number. */
export async function* ndjsonRows(
  chunks: AsyncIterable<Buffer>,
): AsyncGenerator<SourceRow | RowProblem> {
  for await (const line of textLines(chunks)) {
    if (line.text.trim() === '') continue;
    let value: unknown;
    try {
      // JSON.parse makes "__proto__" an own key, so no prototype is touched.
      value = JSON.parse(line.text);
    } catch (error) {
      yield { position: line.number, raw: line.text, message: notJson(error) };
      continue;
    }
    yield checkedRow(value, line.number, () => line.text);
  }
}

function notJson(error: unknown): string {
  return `The line is not valid JSON (${error instanceof Error ? error.message : String(error)})`;
}

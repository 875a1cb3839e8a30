/**
 * An NDJSON body (docs/api-behaviour.md#request-bodies) read as the list of its lines' values, so
 * that the rest of the pipeline sees what a JSON array of the same values would give: line i (from
 * 0) is item i, and an item's `[i]` key names its line.
 *
 * Lines end at LF; a CR before it is JSON white space. Blank lines at the end are dropped (a body
 * usually ends with a newline); a blank line before a value is refused, so that line numbers and
 * item positions never drift apart. The API refused every other bad line before the job was
 * queued; they are refused here too, in case a body reaches a worker another way.
 */
import { MESSAGES } from './messages';

export type NdjsonParse = { ok: true; value: unknown[] } | { ok: false; message: string };

/** Blank as String.prototype.trim sees it: what the API's byte scan calls blank too. */
const isBlank = (line: string): boolean => line.trim() === '';

export function parseNdjson(text: string): NdjsonParse {
  const lines = text.split('\n');
  let end = lines.length;
  while (end > 0 && isBlank(lines[end - 1] ?? '')) end--;
  const value: unknown[] = [];
  for (let index = 0; index < end; index++) {
    const line = lines[index] ?? '';
    if (isBlank(line)) return { ok: false, message: MESSAGES.ndjsonEmptyLine(index + 1) };
    try {
      value.push(JSON.parse(line));
    } catch {
      return { ok: false, message: MESSAGES.ndjsonNotJson(index + 1) };
    }
  }
  return { ok: true, value };
}

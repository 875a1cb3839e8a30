/**
 * Names and labels people type. White space around them is dropped; their length is counted as
 * sent and in characters (code points), which is how JSON Schema's `maxLength` counts, so the
 * OpenAPI document's bounds are exactly the ones the API holds.
 */
import { z } from 'zod';

/** What JavaScript's `trim()` and `\s` take for white space (ECMAScript WhiteSpace and LineTerminator). */
export const WHITE_SPACE =
  '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** Text that holds something besides white space, spelled out for engines whose `\s` differs. */
const NOT_BLANK_PATTERN = `[^${WHITE_SPACE}]`;

/**
 * Code points in `text`, counted without splitting it (Array.from would make a string for each):
 * a surrogate pair is one, an unpaired surrogate one too, as Array.from counts them.
 */
export function codePointCount(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    const next = text.charCodeAt(at + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) at++;
    count++;
  }
  return count;
}

/**
 * Whether `text` has at most `max` characters. A string of at most max code units has at most max
 * code points, and one of more than 2 * max certainly has more: a 16 MiB string is not counted.
 */
export function fitsLength(text: string, max: number): boolean {
  return text.length <= max || (text.length <= 2 * max && codePointCount(text) <= max);
}

/**
 * A string of at most `max` characters as sent, then trimmed; unless `blank` allows it, something must
 * be left after trimming.
 */
export function typedText(max: number, { blank = false } = {}) {
  const trimmed = boundedText(max).trim();
  return blank ? trimmed : trimmed.min(1).meta({ pattern: NOT_BLANK_PATTERN });
}

/** A string of at most `max` characters, kept as sent. */
export function boundedText(max: number) {
  return z
    .string()
    .refine((text) => fitsLength(text, max), `must be at most ${max} characters`)
    .meta({ maxLength: max });
}

/**
 * What an item identifier may be (contract 3): a non-empty string or a safe integer, at most
 * IDENTIFIER_MAX_LENGTH characters, without control characters. It is stored as a string and
 * matched case-sensitively. Anything else, an object such as `{"$gt": ""}` above all, is refused,
 * so an identifier can never become a query operator.
 */
import { MESSAGES } from './messages';

/** The longest identifier, in characters (Unicode code points). */
export const IDENTIFIER_MAX_LENGTH = 256;

export type IdentifierResult = { ok: true; identifier: string } | { ok: false; message: string };

/** C0 controls, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** In a `u` regex a surrogate range matches only unpaired surrogates. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/**
 * Whether a string is well-formed Unicode. MongoDB stores UTF-8, which cannot hold an unpaired
 * surrogate: the driver would silently store U+FFFD instead, and the item would be found under
 * another identifier than the one sent.
 */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** Turns a value sent as an identifier into the string it is stored under, or says why not. */
export function normalizeIdentifier(value: unknown): IdentifierResult {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return { ok: false, message: MESSAGES.identifierType };
    if (!Number.isSafeInteger(value)) {
      return { ok: false, message: MESSAGES.identifierUnsafeInteger };
    }
    // String(-0) is "0"; a safe integer never prints in exponent notation.
    return { ok: true, identifier: String(value) };
  }
  if (typeof value !== 'string') return { ok: false, message: MESSAGES.identifierType };
  if (value === '') return { ok: false, message: MESSAGES.identifierEmpty };
  // A string of more than 2 * max code units certainly has more than max code points; checking
  // that first keeps a 16 MiB string from being split into code points.
  if (
    value.length > 2 * IDENTIFIER_MAX_LENGTH ||
    Array.from(value).length > IDENTIFIER_MAX_LENGTH
  ) {
    return { ok: false, message: MESSAGES.identifierTooLong(IDENTIFIER_MAX_LENGTH) };
  }
  if (CONTROL.test(value)) return { ok: false, message: MESSAGES.identifierControl };
  if (!isWellFormed(value)) return { ok: false, message: MESSAGES.identifierUnicode };
  if (value.trim() === '') return { ok: false, message: MESSAGES.identifierBlank };
  return { ok: true, identifier: value };
}

/**
 * The key of an item in the envelope's `errors` (contract 3): its identifier as sent (a number
 * already turned into its decimal string by normalizeIdentifier), or `[i]` when the item has no
 * valid identifier, `i` being its zero-based position in the request.
 */
export function itemKey(identifier: string | undefined, index: number): string {
  return identifier ?? `[${index}]`;
}

/**
 * What an item identifier may be (docs/api-behaviour.md#identifiers): a non-empty string or a safe
 * integer, at most IDENTIFIER_MAX_LENGTH characters, without control characters. It is stored as a
 * string and matched case-sensitively. Anything else, an object such as `{"$gt": ""}` above all, is
 * refused, so an identifier can never become a query operator.
 */
import { MESSAGES } from './messages';
import { fitsLength } from './typed-text';

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

/**
 * Why a value cannot be an identifier, or undefined when it can; its stored form is then
 * `String(value)`. normalizeIdentifier without a result object, for the mapper, which checks the
 * identifier of every item of a batch.
 */
export function identifierProblem(value: unknown): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return MESSAGES.identifierType;
    // String(-0) is "0"; a safe integer never prints in exponent notation.
    return Number.isSafeInteger(value) ? undefined : MESSAGES.identifierUnsafeInteger;
  }
  if (typeof value !== 'string') return MESSAGES.identifierType;
  if (value === '') return MESSAGES.identifierEmpty;
  if (!fitsLength(value, IDENTIFIER_MAX_LENGTH))
    return MESSAGES.identifierTooLong(IDENTIFIER_MAX_LENGTH);
  if (CONTROL.test(value)) return MESSAGES.identifierControl;
  if (!isWellFormed(value)) return MESSAGES.identifierUnicode;
  if (value.trim() === '') return MESSAGES.identifierBlank;
  return undefined;
}

/** Turns a value sent as an identifier into the string it is stored under, or says why not. */
export function normalizeIdentifier(value: unknown): IdentifierResult {
  const message = identifierProblem(value);
  return message === undefined ? { ok: true, identifier: String(value) } : { ok: false, message };
}

/**
 * The key of an item in the envelope's `errors` (docs/api-behaviour.md#error-keys): its identifier
 * as sent (a number already turned into its decimal string by normalizeIdentifier), or `[i]` when
 * the item has no valid identifier, `i` being its zero-based position in the request.
 */
export function itemKey(identifier: string | undefined, index: number): string {
  return identifier ?? `[${index}]`;
}

/**
 * Patterns the document gives for values the API checks in code rather than with a zod regex,
 * written to take exactly what that code takes: a value valid by the document is one the API
 * accepts, and one the document refuses is refused. Tests hold each to its code.
 */
import { WHITE_SPACE } from '../../core/domain/typed-text';

/** C0 controls, DEL and C1 controls, which an identifier may not hold. */
const CONTROL = '\\u0000-\\u001f\\u007f-\\u009f';

/**
 * An item identifier given as a string (core/domain/identifier.ts): no control character, and
 * something besides white space. Its length is the schema's `maxLength`.
 */
export const IDENTIFIER_PATTERN = `^[^${CONTROL}]*[^${CONTROL}${WHITE_SPACE}][^${CONTROL}]*$`;

/**
 * An entity tag as api/http/conditional-headers.ts reads it: optionally weak, a quoted string of
 * visible characters but `"` and `,` (the list is split at commas before each tag is read).
 */
const ENTITY_TAG = '(?:W/)?"[\\x21\\x23-\\x2b\\x2d-\\x7e]*"';

/**
 * White space around the value and around each tag, as `trim()` drops it from a header value:
 * Node has dropped spaces and tabs at the ends already, and reads the value as Latin-1, where
 * U+00A0 is the one other character `trim()` takes.
 */
const HEADER_SPACE = '[\\t \\u00a0]*';

/** `If-Match` and `If-None-Match`: `*`, or a comma-separated list of entity tags. */
export const ENTITY_TAG_LIST_PATTERN =
  `^${HEADER_SPACE}(?:\\*|${ENTITY_TAG}(?:${HEADER_SPACE},${HEADER_SPACE}${ENTITY_TAG})*)` +
  `${HEADER_SPACE}$`;

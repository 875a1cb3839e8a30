/**
 * What a JSON request body is at its top level, read from its bytes in one pass that builds
 * nothing: the API refuses a body on its structure alone (400, 413), and the worker parses it
 * anyway, so parsing it here too cost the API half its CPU and much of its memory on a large batch.
 *
 * The verdicts are today's checks, in their order, on the text `bytes.toString('utf8')`:
 * blank when String.prototype.trim leaves nothing; too deep when the bracket count of json-depth.ts
 * says so; invalid when JSON.parse would throw. Only then does the top level matter.
 */
import { exceedsDepth } from './json-depth';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  CR,
  DIGIT_0,
  DIGIT_9,
  DOT,
  LF,
  LOWER_A,
  LOWER_B,
  LOWER_E,
  LOWER_F,
  LOWER_N,
  LOWER_R,
  LOWER_T,
  LOWER_U,
  MINUS,
  OPEN_BRACE,
  OPEN_BRACKET,
  PLUS,
  QUOTE,
  SLASH,
  SPACE,
  TAB,
  UPPER_E,
} from './json-bytes';

/** Counted for a top-level array: its elements, and the first that is not an object (-1: none). */
interface ArrayTally {
  items: number;
  firstNonObject: number;
}

/** Why a text has no top level, or what it is: null, an object, an array, or a scalar. */
export type JsonStructure =
  | Readonly<{ kind: 'blank' | 'invalid' | 'too-deep' | 'null' | 'scalar' }>
  | Readonly<{ kind: 'object' }>
  | Readonly<{ kind: 'array' } & ArrayTally>;

const BLANK: JsonStructure = { kind: 'blank' };
const INVALID_TEXT: JsonStructure = { kind: 'invalid' };
const TOO_DEEP_TEXT: JsonStructure = { kind: 'too-deep' };
const NULL: JsonStructure = { kind: 'null' };
const OBJECT: JsonStructure = { kind: 'object' };
const SCALAR: JsonStructure = { kind: 'scalar' };

/** Returned by the scanners below in place of the position where a value ends. */
const INVALID = -1;
const TOO_DEEP = -2;

/**
 * The top level of the JSON text in `json`, or why it has none; containers nested deeper than
 * `maxDepth` stop the scan, so a body nested thousands deep costs no more than reading it once.
 */
export function scanJsonStructure(json: Uint8Array, maxDepth: number): JsonStructure {
  const start = skipWhitespace(json, 0);
  const first = json[start];
  const tally =
    first === OPEN_BRACKET ? { kind: 'array' as const, items: 0, firstNonObject: -1 } : undefined;
  const end = tally ? scanArray(json, start, maxDepth, tally) : scanValue(json, start, maxDepth);
  if (end === TOO_DEEP) return TOO_DEEP_TEXT;
  if (end === INVALID || skipWhitespace(json, end) !== json.length) return notJson(json, maxDepth);
  if (tally) return tally;
  return first === OPEN_BRACE ? OBJECT : first === LOWER_N ? NULL : SCALAR;
}

/**
 * Today's checks ran blank, then depth over the whole text, then JSON.parse; a text that is not
 * JSON may still be blank or too deep further on (`{"a" 1, "b": [[[...]]]}`), so it is read again.
 * Refused bodies only pay for that.
 */
function notJson(json: Uint8Array, maxDepth: number): JsonStructure {
  if (isBlank(json)) return BLANK;
  return exceedsDepth(json, maxDepth) ? TOO_DEEP_TEXT : INVALID_TEXT;
}

/** JSON's white space is space, tab, LF and CR, nothing else. */
function skipWhitespace(json: Uint8Array, i: number): number {
  for (; ; i++) {
    const byte = json[i];
    if (byte !== SPACE && byte !== LF && byte !== CR && byte !== TAB) return i;
  }
}

/** The value at `i`: where it ends, INVALID or TOO_DEEP. `levelsLeft` containers may still open. */
function scanValue(json: Uint8Array, i: number, levelsLeft: number): number {
  switch (json[i]) {
    case OPEN_BRACE:
      return scanObject(json, i, levelsLeft);
    case OPEN_BRACKET:
      return scanArray(json, i, levelsLeft);
    case QUOTE:
      return scanString(json, i);
    case LOWER_T:
      return scanWord(json, i, 'true');
    case LOWER_F:
      return scanWord(json, i, 'false');
    case LOWER_N:
      return scanWord(json, i, 'null');
    default:
      return scanNumber(json, i);
  }
}

function scanObject(json: Uint8Array, i: number, levelsLeft: number): number {
  if (levelsLeft <= 0) return TOO_DEEP;
  i = skipWhitespace(json, i + 1);
  if (json[i] === CLOSE_BRACE) return i + 1;
  for (;;) {
    if (json[i] !== QUOTE) return INVALID;
    i = scanString(json, i);
    if (i < 0) return i;
    i = skipWhitespace(json, i);
    if (json[i] !== COLON) return INVALID;
    i = scanValue(json, skipWhitespace(json, i + 1), levelsLeft - 1);
    if (i < 0) return i;
    i = skipWhitespace(json, i);
    if (json[i] === CLOSE_BRACE) return i + 1;
    if (json[i] !== COMMA) return INVALID;
    i = skipWhitespace(json, i + 1);
  }
}

/** Counts the elements into `tally` when given one: the top level's. */
function scanArray(json: Uint8Array, i: number, levelsLeft: number, tally?: ArrayTally): number {
  if (levelsLeft <= 0) return TOO_DEEP;
  i = skipWhitespace(json, i + 1);
  if (json[i] === CLOSE_BRACKET) return i + 1;
  for (;;) {
    if (tally) {
      if (tally.firstNonObject < 0 && json[i] !== OPEN_BRACE) tally.firstNonObject = tally.items;
      tally.items++;
    }
    i = scanValue(json, i, levelsLeft - 1);
    if (i < 0) return i;
    i = skipWhitespace(json, i);
    if (json[i] === CLOSE_BRACKET) return i + 1;
    if (json[i] !== COMMA) return INVALID;
    i = skipWhitespace(json, i + 1);
  }
}

/**
 * Bytes from 0x80 up are taken as they come: toString makes invalid UTF-8 U+FFFD, and a JSON
 * string may hold any character but a control character (below 0x20), a lone `"` or `\`.
 */
function scanString(json: Uint8Array, i: number): number {
  for (i++; ; i++) {
    const byte = json[i];
    if (byte === QUOTE) return i + 1;
    if (byte === BACKSLASH) {
      const length = escapeLength(json, i + 1);
      if (length === 0) return INVALID;
      i += length;
    } else if (byte === undefined || byte < SPACE) {
      return INVALID;
    }
  }
}

/** How many bytes follow the backslash of an escape starting at `i`: 0 when it is none. */
function escapeLength(json: Uint8Array, i: number): number {
  switch (json[i]) {
    case QUOTE:
    case BACKSLASH:
    case SLASH:
    case LOWER_B:
    case LOWER_F:
    case LOWER_N:
    case LOWER_R:
    case LOWER_T:
      return 1;
    case LOWER_U:
      return isHexDigit(json[i + 1]) &&
        isHexDigit(json[i + 2]) &&
        isHexDigit(json[i + 3]) &&
        isHexDigit(json[i + 4])
        ? 5
        : 0;
    default:
      return 0;
  }
}

function isHexDigit(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  const lower = byte | 0x20; // A-F and a-f differ in that bit only
  return isDigit(byte) || (lower >= LOWER_A && lower <= LOWER_F);
}

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= DIGIT_0 && byte <= DIGIT_9;
}

function skipDigits(json: Uint8Array, i: number): number {
  while (isDigit(json[i])) i++;
  return i;
}

/** -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?: no leading zeros, no bare dot or sign. */
function scanNumber(json: Uint8Array, i: number): number {
  if (json[i] === MINUS) i++;
  if (json[i] === DIGIT_0) i++;
  else if (isDigit(json[i])) i = skipDigits(json, i + 1);
  else return INVALID;
  if (json[i] === DOT) {
    if (!isDigit(json[i + 1])) return INVALID;
    i = skipDigits(json, i + 2);
  }
  if (json[i] === LOWER_E || json[i] === UPPER_E) {
    i++;
    if (json[i] === PLUS || json[i] === MINUS) i++;
    if (!isDigit(json[i])) return INVALID;
    i = skipDigits(json, i + 1);
  }
  return i;
}

/** `true`, `false` or `null`, whole; what follows it is its container's business. */
function scanWord(json: Uint8Array, i: number, word: string): number {
  for (let k = 0; k < word.length; k++) {
    if (json[i + k] !== word.charCodeAt(k)) return INVALID;
  }
  return i + word.length;
}

/**
 * What String.prototype.trim strips beyond ASCII, in UTF-8: no-break space, Ogham space mark,
 * U+2000-U+200A, line and paragraph separators, narrow no-break space, medium mathematical space,
 * ideographic space and the byte order mark.
 */
const UNICODE_SPACES: readonly Uint8Array[] = [
  0xa0,
  0x1680,
  ...Array.from({ length: 11 }, (_, k) => 0x2000 + k),
  0x2028,
  0x2029,
  0x202f,
  0x205f,
  0x3000,
  0xfeff,
].map((codePoint) => Buffer.from(String.fromCodePoint(codePoint)));

/** True when the text is nothing but what trim strips: invalid UTF-8 is U+FFFD, never stripped. */
function isBlank(json: Uint8Array): boolean {
  for (let i = 0; i < json.length;) {
    const length = spaceLength(json, i);
    if (length === 0) return false;
    i += length;
  }
  return true;
}

/** The byte length of the white space character at `i`, 0 when there is none. */
function spaceLength(json: Uint8Array, i: number): number {
  const byte = json[i];
  if (byte === undefined) return 0;
  if (byte === SPACE || (byte >= TAB && byte <= CR)) return 1; // tab, LF, VT, FF, CR
  const space = UNICODE_SPACES.find((bytes) => bytes.every((b, k) => json[i + k] === b));
  return space?.length ?? 0;
}

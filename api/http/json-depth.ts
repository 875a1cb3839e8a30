/**
 * The nesting depth of a JSON text, measured on the raw bytes before parsing, so that a body
 * nested thousands deep is refused without building it (and without deep recursion later).
 * It counts brackets whether the text is JSON or not: json-structure.ts asks it about texts that
 * are not, to refuse them as too deep exactly when this check, run first, always has.
 */
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from './json-bytes';

/** True when some object or array in `json` is nested deeper than `maxDepth`. */
export function exceedsDepth(json: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const byte = json[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * The identifiers starting with a prefix, as a range of strings: [prefix, successor). MongoDB
 * compares strings by their UTF-8 bytes, where code point order is byte order, so every string
 * with the prefix sorts at or after it and before the prefix whose last code point is the next
 * one. A range on `_id` is read from its index; a regular expression would be a pattern built
 * from the sender's text.
 */

const MAX_CODE_POINT = 0x10ffff;

/**
 * The least string after every string that starts with `prefix`, or null when there is none
 * (a prefix of only U+10FFFF): the range is then open at the top.
 */
export function prefixSuccessor(prefix: string): string | null {
  const points = Array.from(prefix, (char) => char.codePointAt(0) ?? 0);
  while (points.length > 0) {
    const last = (points.pop() ?? 0) + 1;
    if (last > MAX_CODE_POINT) continue;
    // Surrogate code points are not characters: the next after U+D7FF is U+E000.
    points.push(last >= 0xd800 && last <= 0xdfff ? 0xe000 : last);
    return String.fromCodePoint(...points);
  }
  return null;
}

/**
 * The runs of whole segments of an identifier, the only places where lazy comparison looks for a
 * stored identifier (docs/api-behaviour.md#lazy-comparison). The identifier is cut at every
 * separator: a character that is neither a Unicode letter nor a Unicode digit. A run starts at the
 * start of the identifier or right after a separator, and ends at its end or right before a
 * separator: `DE/12345/A` has the runs `DE`, `DE/12345`, `DE/12345/A`, `12345`, `12345/A`, `A`.
 *
 * Bounded so that a long identifier costs little: of an identifier cut into more than
 * MAX_SEGMENTS segments, only the runs within its first MAX_SEGMENTS segments, those within its
 * last MAX_SEGMENTS, and the whole identifier are runs. At most RUNS_PER_IDENTIFIER runs, whatever
 * the identifier.
 */

/** How many segments of an identifier, from each end, lazy comparison looks into. */
export const MAX_SEGMENTS = 16;

/** All runs within one window of MAX_SEGMENTS segments, for both windows, and the whole. */
export const RUNS_PER_IDENTIFIER = MAX_SEGMENTS * (MAX_SEGMENTS + 1) + 1;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The one character whose lower-case form is longer (İ, U+0130, becomes i and U+0307). */
const DOTTED_CAPITAL_I = 0x130;

/** ASCII is decided without the regular expression: most identifiers are only ASCII. */
function isSeparator(codePoint: number): boolean {
  if (codePoint < 0x80) {
    const lower = codePoint | 0x20;
    return !((codePoint >= 0x30 && codePoint <= 0x39) || (lower >= 0x61 && lower <= 0x7a));
  }
  return !LETTER_OR_DIGIT.test(String.fromCodePoint(codePoint));
}

/**
 * Where an identifier's segments start and end, in UTF-16 units, and, when it holds a U+0130, how
 * many precede each unit (so that the lower-cased length of any slice is known without making it).
 */
interface Segments {
  starts: number[];
  ends: number[];
  dottedBefore: Uint16Array | undefined;
}

function segmentsOf(identifier: string): Segments {
  const starts = [0];
  const ends: number[] = [];
  const dotted = identifier.includes(String.fromCharCode(DOTTED_CAPITAL_I));
  const dottedBefore = dotted ? new Uint16Array(identifier.length + 1) : undefined;
  let at = 0;
  while (at < identifier.length) {
    const codePoint = identifier.codePointAt(at) ?? 0;
    const next = at + (codePoint > 0xffff ? 2 : 1);
    if (dottedBefore) {
      const count = dottedBefore[at]! + (codePoint === DOTTED_CAPITAL_I ? 1 : 0);
      for (let unit = at + 1; unit <= next; unit++) dottedBefore[unit] = count;
    }
    if (isSeparator(codePoint)) {
      ends.push(at);
      starts.push(next);
    }
    at = next;
  }
  ends.push(identifier.length);
  return { starts, ends, dottedBefore };
}

/** Where a run lies in its identifier (UTF-16 units), and the length of its lower-cased form. */
export interface RunSpan {
  start: number;
  end: number;
  lowerLength: number;
}

const ANY_LENGTH = () => true;

/**
 * Adds the run of segments `first` to `last` when it is not empty and `wanted` takes its
 * lower-cased length; answers whether `limit` runs are there.
 */
function addRun(
  spans: RunSpan[],
  segments: Segments,
  first: number,
  last: number,
  wanted: (lowerLength: number) => boolean,
  limit: number,
): boolean {
  const start = segments.starts[first]!;
  const end = segments.ends[last]!;
  if (end <= start) return false;
  const { dottedBefore } = segments;
  const lowerLength = end - start + (dottedBefore ? dottedBefore[end]! - dottedBefore[start]! : 0);
  if (!wanted(lowerLength)) return false;
  spans.push({ start, end, lowerLength });
  return spans.length >= limit;
}

/**
 * The runs of `identifier` whose lower-cased length (in UTF-16 units, as `identifierLower.length`
 * is stored) `wanted` accepts, found without making their text: at most RUNS_PER_IDENTIFIER, and
 * at most `limit`.
 */
export function segmentRunSpans(
  identifier: string,
  wanted: (lowerLength: number) => boolean = ANY_LENGTH,
  limit = RUNS_PER_IDENTIFIER,
): RunSpan[] {
  const segments = segmentsOf(identifier);
  const count = segments.starts.length;
  const spans: RunSpan[] = [];
  // The first window (all of it when it is short), then the last one without what both hold.
  const head = Math.min(count, MAX_SEGMENTS);
  for (let first = 0; first < head; first++) {
    for (let last = first; last < head; last++) {
      if (addRun(spans, segments, first, last, wanted, limit)) return spans;
    }
  }
  if (count <= MAX_SEGMENTS) return spans;
  for (let first = count - MAX_SEGMENTS; first < count; first++) {
    for (let last = Math.max(first, MAX_SEGMENTS); last < count; last++) {
      if (addRun(spans, segments, first, last, wanted, limit)) return spans;
    }
  }
  addRun(spans, segments, 0, count - 1, wanted, limit);
  return spans;
}

/**
 * A run's text, lower-cased on its own as a stored identifier is: a Greek capital sigma at its
 * end becomes the final form whatever follows it in the identifier.
 */
export const runText = (identifier: string, span: RunSpan): string =>
  identifier.slice(span.start, span.end).toLowerCase();

/** The distinct lower-cased runs of `identifier` whose lower-cased length `wanted` accepts. */
export function segmentRuns(
  identifier: string,
  wanted?: (lowerLength: number) => boolean,
): string[] {
  const spans = segmentRunSpans(identifier, wanted);
  return [...new Set(spans.map((span) => runText(identifier, span)))];
}

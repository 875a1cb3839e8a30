/**
 * What one request's lazy lookup asks the store (docs/api-behaviour.md#lazy-comparison): for each
 * incoming identifier, its lower-cased runs of whole segments (segment-runs.ts) of a length some
 * stored identifier has, at least LAZY_MIN_LENGTH units long. All of them go in one batched
 * lookup; each identifier then looks only at what its own keys found.
 *
 * A request's keys are bounded, so that no request costs a process more than milliseconds:
 * identifiers are taken in the order given, and each asks for all its keys, counted as often as
 * identifiers ask for them, until the request would pass LAZY_MAX_KEYS keys or LAZY_MAX_KEY_UNITS
 * UTF-16 units of keys. From then on every identifier that needs a key is refused (its item fails
 * under the identifier's label); one that needs none still resolves (it matches nothing).
 */
import { LAZY_MIN_LENGTH } from './lazy-match';
import { MESSAGES } from './messages';
import { runText, segmentRunSpans } from './segment-runs';

/** Keys one request may ask for. */
export const LAZY_MAX_KEYS = 100_000;

/**
 * UTF-16 units of keys one request may ask for: 4 Mi units are at most 12 MiB of UTF-8, so that
 * even one `$in` of them stays under MongoDB's 16 MiB command limit.
 */
export const LAZY_MAX_KEY_UNITS = 4 * 1024 * 1024;

export interface LazyLookup {
  /** The distinct keys of the whole request: what the store is asked for, at once. */
  keys: string[];
  /** Each identifier's own keys (absent: none, so it can match nothing lazily). */
  keysOf: Map<string, string[]>;
  /** The identifiers whose keys did not fit the request's bound, each with its message. */
  refused: Map<string, string>;
}

/**
 * The lookup for `incoming` (distinct identifiers) against a content type whose lower-cased
 * identifiers have `storedLengths` (UTF-16 units).
 */
export function lazyLookup(
  incoming: readonly string[],
  storedLengths: readonly number[],
): LazyLookup {
  const lengths = new Set(
    storedLengths.filter((length) => Number.isInteger(length) && length >= LAZY_MIN_LENGTH),
  );
  const wanted = (length: number) => lengths.has(length);
  const keys = new Set<string>();
  const keysOf = new Map<string, string[]>();
  const refused = new Map<string, string>();
  if (lengths.size === 0) return { keys: [], keysOf, refused };
  const refusal = MESSAGES.lazyTooManyKeys(LAZY_MAX_KEYS, LAZY_MAX_KEY_UNITS);
  let count = 0;
  let units = 0;
  let spent = false;
  for (const identifier of new Set(incoming)) {
    // Once the bound is reached, whether an identifier needs a key at all is all that counts.
    const spans = segmentRunSpans(identifier, wanted, spent ? 1 : undefined);
    if (spans.length === 0) continue;
    const ownUnits = spans.reduce((sum, span) => sum + span.lowerLength, 0);
    spent ||= count + spans.length > LAZY_MAX_KEYS || units + ownUnits > LAZY_MAX_KEY_UNITS;
    if (spent) {
      refused.set(identifier, refusal);
      continue;
    }
    count += spans.length;
    units += ownUnits;
    const own = [...new Set(spans.map((span) => runText(identifier, span)))];
    for (const key of own) keys.add(key);
    keysOf.set(identifier, own);
  }
  return { keys: [...keys], keysOf, refused };
}

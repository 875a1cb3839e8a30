/**
 * Lazy comparison of identifiers, for funnels whose identifier mapping has `lazy: true`: a
 * sender's identifier X such as "ERP-A100-v2" finds the stored item "a100"
 * (docs/api-behaviour.md#lazy-comparison).
 *
 * The worker looks candidates up once per request, not per item: every lower-cased substring of
 * every X whose length is a length some stored identifier has (lazyLookupKeys), against the
 * stored lower-cased identifiers. It then decides each X from what came back (resolveLazy).
 */
import { MESSAGES } from './messages';

/** A stored identifier shorter than this (in characters) never matches lazily. */
export const LAZY_MIN_LENGTH = 3;

export type LazyResolution =
  | { kind: 'exact' | 'match'; identifier: string }
  | { kind: 'ambiguous'; message: string }
  | { kind: 'none' };

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/**
 * The keys of the lazy lookup: the lower-cased substrings of the incoming identifiers whose
 * lengths are at least LAZY_MIN_LENGTH and among `storedLengths`, without duplicates. Lengths are
 * in UTF-16 code units of the lower-cased form: `storedLengths` are the distinct
 * `identifierLower.length` of the content type's items. Substrings that would split a surrogate
 * pair are left out; they can match nothing well-formed.
 *
 * An identifier of n characters gives at most n - L + 1 keys per length L, so a batch of long
 * identifiers against many stored lengths can make a large `$in`; the caller may split it.
 */
export function lazyLookupKeys(
  incoming: readonly string[],
  storedLengths: readonly number[],
): string[] {
  const lengths = [...new Set(storedLengths)].filter(
    (length) => Number.isInteger(length) && length >= LAZY_MIN_LENGTH,
  );
  const keys = new Set<string>();
  for (const identifier of new Set(incoming)) {
    const lower = identifier.toLowerCase();
    for (const length of lengths) {
      for (let start = 0; start + length <= lower.length; start += 1) {
        const end = start + length;
        if (start > 0 && isLowSurrogate(lower.charCodeAt(start))) {
          if (isHighSurrogate(lower.charCodeAt(start - 1))) continue;
        }
        if (end < lower.length && isHighSurrogate(lower.charCodeAt(end - 1))) {
          if (isLowSurrogate(lower.charCodeAt(end))) continue;
        }
        keys.add(lower.slice(start, end));
      }
    }
  }
  return [...keys];
}

/** Length in characters (code points), so that "ab😀" counts 3. */
const characters = (text: string): number => Array.from(text).length;

/**
 * Decides which stored item an incoming identifier X stands for:
 * 1. the stored identifier equal to X (case-sensitive), when `exact` is it or `candidates` hold
 *    it;
 * 2. else the stored identifiers Y among `candidates` that occur inside X without regard to case
 *    and have at least LAZY_MIN_LENGTH characters: the longest is the match; several of that
 *    length make X ambiguous ("Ambiguous identifier: matches A, B", sorted);
 * 3. else none: the item is created with identifier X.
 * `candidates` may be every identifier the lazy lookup returned for the whole request; the ones
 * that do not occur inside X are ignored here, so a false hit of the lookup is harmless.
 */
export function resolveLazy(
  incoming: string,
  exact: string | undefined,
  candidates: readonly string[],
): LazyResolution {
  if (exact === incoming || candidates.includes(incoming)) {
    return { kind: 'exact', identifier: incoming };
  }
  const lower = incoming.toLowerCase();
  let longest = 0;
  let best: string[] = [];
  for (const candidate of new Set(candidates)) {
    const length = characters(candidate);
    if (length < LAZY_MIN_LENGTH || length < longest) continue;
    if (!lower.includes(candidate.toLowerCase())) continue;
    if (length > longest) {
      longest = length;
      best = [candidate];
    } else {
      best.push(candidate);
    }
  }
  const [only] = best;
  if (only === undefined) return { kind: 'none' };
  if (best.length === 1) return { kind: 'match', identifier: only };
  return { kind: 'ambiguous', message: MESSAGES.ambiguous(best.sort()) };
}

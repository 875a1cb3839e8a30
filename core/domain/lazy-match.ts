/**
 * Lazy comparison of identifiers, for funnels whose identifier mapping has `lazy: true`
 * (docs/api-behaviour.md#lazy-comparison): a sender's identifier X such as "ERP-A100-v2" finds
 * the stored item "a100", which occurs in X as whole segments (segment-runs.ts), case ignored.
 * "A-10" does not find "A-1": a stored identifier never ends or starts inside a segment of X.
 *
 * The worker looks candidates up once per request (lazy-lookup.ts), then decides each X from what
 * came back (resolveLazy).
 */
import { MESSAGES } from './messages';
import { segmentRuns } from './segment-runs';
import { codePointCount } from './typed-text';

/** A stored identifier shorter than this (in characters) never matches lazily. */
export const LAZY_MIN_LENGTH = 3;

export type LazyResolution =
  | { kind: 'exact' | 'match'; identifier: string }
  | { kind: 'error'; message: string }
  | { kind: 'none' };

/**
 * Decides which stored item an incoming identifier X stands for:
 * 1. the stored identifier equal to X (case-sensitive), when `exact` is it or `candidates` hold
 *    it;
 * 2. else the stored identifiers Y among `candidates` of at least LAZY_MIN_LENGTH characters
 *    whose lower-cased form is a lower-cased run of whole segments of X: the longest is the
 *    match; several of that length make X ambiguous ("Ambiguous identifier: matches A, B",
 *    sorted);
 * 3. else none: the item is created with identifier X.
 * `candidates` may be every identifier the lazy lookup returned for the whole request; the ones
 * that are no run of X are ignored here, so a false hit of the lookup is harmless.
 */
export function resolveLazy(
  incoming: string,
  exact: string | undefined,
  candidates: readonly string[],
): LazyResolution {
  if (exact === incoming || candidates.includes(incoming)) {
    return { kind: 'exact', identifier: incoming };
  }
  const byLower = new Map<string, string[]>();
  for (const candidate of new Set(candidates)) {
    if (codePointCount(candidate) < LAZY_MIN_LENGTH) continue;
    const lower = candidate.toLowerCase();
    byLower.set(lower, [...(byLower.get(lower) ?? []), candidate]);
  }
  if (byLower.size === 0) return { kind: 'none' };
  const lengths = new Set([...byLower.keys()].map((lower) => lower.length));
  let longest = 0;
  let best: string[] = [];
  for (const run of segmentRuns(incoming, (length) => lengths.has(length))) {
    for (const candidate of byLower.get(run) ?? []) {
      const length = codePointCount(candidate);
      if (length > longest) {
        longest = length;
        best = [candidate];
      } else if (length === longest) {
        best.push(candidate);
      }
    }
  }
  const [only] = best;
  if (only === undefined) return { kind: 'none' };
  if (best.length === 1) return { kind: 'match', identifier: only };
  return { kind: 'error', message: MESSAGES.ambiguous(best.sort()) };
}

/**
 * Lazy comparison against the store (docs/api-behaviour.md#lazy-comparison): one query for exact
 * matches and one read of the identifier lengths, then one for the candidates (the lower-cased
 * substrings of the incoming identifiers whose lengths occur among the stored ones: an indexed
 * `$in` on MongoDB, a scan on FerretDB), then the pure rule per identifier.
 */
import { lazyLookupKeys, resolveLazy, type LazyResolution } from '../pipeline/lazy-match';
import type { ItemReads } from '../items/item-reads';

export async function resolveLazyIdentifiers(
  store: ItemReads,
  tenant: string,
  contentType: string,
  incoming: readonly string[],
): Promise<Map<string, LazyResolution>> {
  const resolutions = new Map<string, LazyResolution>();
  if (incoming.length === 0) return resolutions;
  const [exact, lengths] = await Promise.all([
    store.existing(tenant, contentType, incoming),
    store.identifierLengths(tenant, contentType),
  ]);
  const pending = incoming.filter((identifier) => !exact.has(identifier));
  const keys = lazyLookupKeys(pending, lengths);
  const candidates = await store.lazyCandidates(tenant, contentType, keys);
  // Candidates by lower-cased form, so each identifier looks only at its own substrings.
  const byLower = new Map<string, string[]>();
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    byLower.set(lower, [...(byLower.get(lower) ?? []), candidate]);
  }
  for (const identifier of incoming) {
    if (exact.has(identifier)) {
      resolutions.set(identifier, { kind: 'exact', identifier });
      continue;
    }
    const own = lazyLookupKeys([identifier], lengths).flatMap((key) => byLower.get(key) ?? []);
    resolutions.set(identifier, resolveLazy(identifier, undefined, own));
  }
  return resolutions;
}

/**
 * Lazy comparison against the store (docs/api-behaviour.md#lazy-comparison): one query for exact
 * matches and one read of the identifier lengths, then one batched lookup of the candidates (the
 * lower-cased runs of whole segments of the incoming identifiers whose lengths occur among the
 * stored ones, bounded per request: lazy-lookup.ts), then the pure rule per identifier.
 */
import { resolveLazy, type LazyResolution } from '../domain/lazy-match';
import { lazyLookup } from '../domain/lazy-lookup';
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
  const lookup = lazyLookup(
    incoming.filter((identifier) => !exact.has(identifier)),
    lengths,
  );
  const candidates = await store.lazyCandidates(tenant, contentType, lookup.keys);
  // Candidates by lower-cased form, so each identifier looks only at its own keys' finds.
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
    const refused = lookup.refused.get(identifier);
    if (refused !== undefined) {
      resolutions.set(identifier, { kind: 'error', message: refused });
      continue;
    }
    const own = (lookup.keysOf.get(identifier) ?? []).flatMap((key) => byLower.get(key) ?? []);
    resolutions.set(identifier, resolveLazy(identifier, undefined, own));
  }
  return resolutions;
}

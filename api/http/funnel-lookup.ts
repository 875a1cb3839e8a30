/**
 * The funnel lookup of the funnel routes, cached briefly per process. Only funnels that exist
 * are cached, and only to answer "does it exist, and which is it" (its stable id): the worker
 * loads the funnel and its content type itself, through its own cache that follows the tenant's
 * settings version (docs/storage.md#settings-caches), so a change holds from the next request on,
 * and a funnel deleted within this cache's lifetime is answered 404 by the worker instead.
 */
import type { FunnelsRepository } from '../../core/settings/funnels.repository';

const LIFETIME_MS = 5_000;
const MAX_ENTRIES = 10_000;

export interface FoundFunnel {
  id: string;
}

export class FunnelLookup {
  private readonly seen = new Map<string, { funnel: FoundFunnel; at: number }>();

  constructor(private readonly funnels: FunnelsRepository) {}

  /** The tenant's funnel at `endpointUrl`, or null. */
  async find(tenant: string, endpointUrl: string): Promise<FoundFunnel | null> {
    const key = `${tenant}:${endpointUrl}`;
    const seen = this.seen.get(key);
    if (seen !== undefined && Date.now() - seen.at < LIFETIME_MS) return seen.funnel;
    const funnel = await this.funnels.find(tenant, endpointUrl);
    if (!funnel) {
      this.seen.delete(key);
      return null;
    }
    if (this.seen.size >= MAX_ENTRIES) this.seen.clear();
    const found = { id: funnel.id };
    this.seen.set(key, { funnel: found, at: Date.now() });
    return found;
  }
}

/**
 * The funnel lookup of the funnel routes, cached briefly per process. Only funnels that exist
 * are cached, and only to answer "does it exist": the worker loads the funnel and its content type
 * itself, through its own cache that follows the tenant's settings version
 * (docs/storage.md#settings-caches), so a change holds from the next request on, and a funnel
 * deleted within this cache's lifetime is answered 404 by the worker instead.
 */
import type { FunnelsRepository } from '../../core/settings/funnels.repository';

const LIFETIME_MS = 5_000;
const MAX_ENTRIES = 10_000;

export class FunnelLookup {
  private readonly seen = new Map<string, number>();

  constructor(private readonly funnels: FunnelsRepository) {}

  /** Whether the tenant has a funnel at `endpointUrl`. */
  async exists(tenant: string, endpointUrl: string): Promise<boolean> {
    const key = `${tenant}:${endpointUrl}`;
    const seenAt = this.seen.get(key);
    if (seenAt !== undefined && Date.now() - seenAt < LIFETIME_MS) return true;
    const funnel = await this.funnels.find(tenant, endpointUrl);
    if (!funnel) {
      this.seen.delete(key);
      return false;
    }
    if (this.seen.size >= MAX_ENTRIES) this.seen.clear();
    this.seen.set(key, Date.now());
    return true;
  }
}

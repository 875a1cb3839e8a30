/**
 * The export's side of the change log: after changes are appended, a dispatch is queued for each
 * active export of the tenant. Never awaited by the write; a failure is only logged, and the
 * periodic sweep finds what was missed.
 */
import type { ChangeListener } from '../../changes/change-listener';
import type { Logger } from '../../platform/logger';
import type { ExportCollections } from '../export-collections';
import type { ExportQueue } from '../export-queue';

/**
 * How long a tenant's list of active exports is trusted. Writes made meanwhile queue no dispatch
 * for an export created or re-enabled in that time: its dispatch looks again once this has passed
 * (look-once-listed.ts).
 */
export const ACTIVE_EXPORTS_CACHE_MS = 2_000;

export class ExportChangeListener implements ChangeListener {
  private readonly cache = new Map<string, { ids: Promise<string[]>; until: number }>();

  constructor(
    private readonly db: ExportCollections,
    private readonly queue: ExportQueue,
    private readonly logger: Logger,
  ) {}

  changed(tenant: string, _head?: number): void {
    this.activeExports(tenant)
      .then((ids) => Promise.all(ids.map((exportId) => this.queue.dispatch({ tenant, exportId }))))
      .catch((error: unknown) => {
        this.logger.warn({ err: error, tenant }, 'export dispatch not queued; the sweep will');
      });
  }

  private activeExports(tenant: string): Promise<string[]> {
    const now = Date.now();
    const cached = this.cache.get(tenant);
    if (cached && cached.until > now) return cached.ids;
    const ids = this.db.exports
      .find({ tenant, state: 'active' }, { projection: { id: 1 } })
      .toArray()
      .then((found) => found.map((exp) => exp.id));
    ids.catch(() => this.cache.delete(tenant));
    this.cache.set(tenant, { ids, until: now + ACTIVE_EXPORTS_CACHE_MS });
    if (this.cache.size > 10_000) this.cache.clear();
    return ids;
  }
}

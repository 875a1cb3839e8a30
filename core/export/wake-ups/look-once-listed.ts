/**
 * Writes made before every worker's list of active exports held an export queued no dispatch for
 * it (export-change-listener.ts). A dispatch of an export whose settings changed within that time
 * (created, re-enabled) looks once more when the lists hold it.
 */
import { ACTIVE_EXPORTS_CACHE_MS } from './export-change-listener';

/** How much later than the lists' age to look, so that every list holds it by then. */
const LISTED_MARGIN_MS = 250;

/** When to look once more; undefined when every list holds the export already. */
export function lookOnceListed(settingsChangedAt: Date | undefined, now: Date): Date | undefined {
  const listed = (settingsChangedAt?.getTime() ?? 0) + ACTIVE_EXPORTS_CACHE_MS;
  return listed > now.getTime() ? new Date(listed + LISTED_MARGIN_MS) : undefined;
}

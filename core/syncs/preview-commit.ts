/**
 * A dry run of a commit: what it would delete now, and whether the limit lets it, without
 * deleting or closing anything. The identifiers come in pages, in order, after `cursor`.
 */
import { allowedDeletes, type CommitLimit } from './commit-limit';
import { commitCandidates } from './commit-candidates';
import type { SyncDocument } from './sync';
import type { SyncServices } from './sync-services';

export interface CommitPreview {
  wouldDelete: number;
  funnelItems: number;
  allowed: number;
  withinLimit: boolean;
  identifiers: string[];
  /** The last identifier of the page, when more follow. */
  after: string | null;
}

export async function previewCommit(
  services: SyncServices,
  sync: SyncDocument,
  limit: CommitLimit,
  page: { after?: string | undefined; size: number },
): Promise<CommitPreview> {
  const named = await services.records.namedIdentifiers(sync.tenant, sync.syncId);
  const { funnelItems, identifiers } = await commitCandidates(services.items, sync, named);
  const allowed = allowedDeletes(limit, funnelItems);
  const start = page.after === undefined ? 0 : identifiers.findIndex((id) => id > page.after!);
  const from = start < 0 ? identifiers.length : start;
  const slice = identifiers.slice(from, from + page.size);
  const more = from + page.size < identifiers.length;
  return {
    wouldDelete: identifiers.length,
    funnelItems,
    allowed,
    withinLimit: identifiers.length <= allowed,
    identifiers: slice,
    after: more ? (slice.at(-1) ?? null) : null,
  };
}

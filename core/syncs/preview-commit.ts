/**
 * A dry run of a commit: what it would delete now, and whether the limit lets it, without
 * deleting or closing anything. The identifiers come in pages, in order; a page's cursor is the
 * last identifier of the page before, opaque to the caller, and one that does not decode is
 * refused rather than guessed at.
 */
import { z } from 'zod';
import { decodeCursor, encodeCursor, InvalidCursorError } from '../mongo/page-cursor';
import { allowedDeletes, type CommitLimit } from './commit-limit';
import { commitCandidates } from './commit-candidates';
import type { SyncDocument } from './sync';
import type { SyncServices } from './sync-services';

interface CommitPreview {
  wouldDelete: number;
  funnelItems: number;
  allowed: number;
  withinLimit: boolean;
  /** One page of the identifiers it would delete. */
  items: string[];
  nextCursor: string | null;
}

export interface PreviewPage {
  size: number;
  /** The `nextCursor` of the page before; none for the first. */
  cursor?: string | undefined;
}

export type Previewed = { state: 'previewed'; preview: CommitPreview };
export type BadCursor = { state: 'bad-cursor'; message: string };

const afterSchema = z.object({ after: z.string() });

export async function previewCommit(
  services: SyncServices,
  sync: SyncDocument,
  limit: CommitLimit,
  page: PreviewPage,
): Promise<Previewed | BadCursor> {
  const after = afterOf(page.cursor);
  if (after instanceof InvalidCursorError) return { state: 'bad-cursor', message: after.message };
  const named = await services.records.namedIdentifiers(sync.tenant, sync.syncId);
  const { funnelItems, identifiers } = await commitCandidates(services.items, sync, named);
  const allowed = allowedDeletes(limit, funnelItems);
  const start = after === undefined ? 0 : identifiers.findIndex((id) => id > after);
  const from = start < 0 ? identifiers.length : start;
  const items = identifiers.slice(from, from + page.size);
  const last = from + page.size < identifiers.length ? items.at(-1) : undefined;
  return {
    state: 'previewed',
    preview: {
      wouldDelete: identifiers.length,
      funnelItems,
      allowed,
      withinLimit: identifiers.length <= allowed,
      items,
      nextCursor: last === undefined ? null : encodeCursor({ after: last }),
    },
  };
}

/** The identifier a page starts after: none for the first page. */
function afterOf(cursor: string | undefined): string | undefined | InvalidCursorError {
  if (!cursor) return undefined;
  try {
    return decodeCursor(cursor, afterSchema).after;
  } catch (error) {
    if (error instanceof InvalidCursorError) return error;
    throw error;
  }
}

/**
 * What a commit would delete: the items of the funnel's content type that this funnel wrote last,
 * before the sync started, and that the sync did not name. One read of the funnel's items, in
 * batches of READ_BATCH (a fixed number of commands per 10,000 items); items another funnel wrote
 * last are never read as candidates.
 */
import type { ItemCollections } from '../items/item-collections';
import { UNBOUNDED_SCAN } from '../mongo/query-time-limit';
import type { SyncDocument } from './sync';

/** Items per batch of the read (each batch is one command). */
const READ_BATCH = 10_000;

export interface CommitCandidates {
  /** The items the funnel wrote, which a percentage limit is a share of. */
  funnelItems: number;
  /** The identifiers to delete, in order. */
  identifiers: string[];
}

type SyncScope = Pick<SyncDocument, 'tenant' | 'contentType' | 'funnelId' | 'startSequence'>;

export async function commitCandidates(
  db: Pick<ItemCollections, 'items'>,
  sync: SyncScope,
  named: ReadonlySet<string>,
): Promise<CommitCandidates> {
  const filter = { tenant: sync.tenant, contentType: sync.contentType, funnelId: sync.funnelId };
  const projection = { identifier: 1, sequence: 1 };
  const cursor = db.items.find(filter, { projection, batchSize: READ_BATCH, ...UNBOUNDED_SCAN });
  let funnelItems = 0;
  const identifiers: string[] = [];
  for await (const item of cursor) {
    funnelItems += 1;
    // Written after the sync started: a newer change than the snapshot, kept.
    if (item.sequence > sync.startSequence) continue;
    if (!named.has(item.identifier)) identifiers.push(item.identifier);
  }
  identifiers.sort();
  return { funnelItems, identifiers };
}

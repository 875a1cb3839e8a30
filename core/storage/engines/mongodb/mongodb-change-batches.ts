/** MongoDB finds a tenant's change batches, and its last one, by the index on (tenant, lastSeq). */
import { batchesEndingFrom, type ChangeBatchIndex } from '../../../changes/change-batch-index';
import type { ChangeCollections } from '../../../changes/change-collections';

async function head(db: ChangeCollections, tenant: string): Promise<number> {
  const [last] = await db.changes
    .find({ tenant }, { projection: { lastSeq: 1 } })
    .sort({ lastSeq: -1 })
    .limit(1)
    .toArray();
  return last?.lastSeq ?? 0;
}

export const MONGODB_CHANGE_BATCHES: ChangeBatchIndex = {
  head,
  appendAfter: head,
  batchesFrom: batchesEndingFrom,
  appended: () => Promise.resolve(),
};

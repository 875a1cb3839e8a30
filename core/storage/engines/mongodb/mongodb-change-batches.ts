/** MongoDB finds a tenant's change batches, and its last one, by the index on (tenant, lastSeq). */
import { batchesEndingFrom, type ChangeBatchIndex } from '../../../changes/change-batch-index';

export const MONGODB_CHANGE_BATCHES: ChangeBatchIndex = {
  async head(db, tenant) {
    const [last] = await db.changes
      .find({ tenant }, { projection: { lastSeq: 1 } })
      .sort({ lastSeq: -1 })
      .limit(1)
      .toArray();
    return last?.lastSeq ?? 0;
  },
  batchesFrom: batchesEndingFrom,
  appended: () => Promise.resolve(),
};

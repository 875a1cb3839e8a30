/**
 * How far each active export is behind: the age of its oldest change not yet answered with a
 * 2xx, either in a delivery waiting in a lane or still in the log after the cursor.
 */
import type { ChangeLogReader } from '../changes/change-log';
import { deliveryIdOf } from './delivery/delivery-record';
import type { ExportCollections } from './export-collections';
import type { LaneCounters } from './export-record';

export class ExportLag {
  constructor(
    private readonly db: ExportCollections,
    private readonly changeLog: ChangeLogReader,
  ) {}

  /** Seconds behind, per export (`tenant/name`), for active exports. */
  async read(now: Date): Promise<Map<string, number>> {
    const lags = new Map<string, number>();
    const active = await this.db.exports.find({ state: 'active' }).toArray();
    for (const exp of active) {
      let oldest: number | undefined;
      for (const [lane, counters] of exp.lanes.entries()) {
        if (counters.formed <= counters.sent) continue;
        const at = await this.oldestWaiting(exp.id, lane, counters);
        if (at) oldest = Math.min(oldest ?? Infinity, Date.parse(at));
      }
      const [unformed] = await this.changeLog.readAfter(exp.tenant, exp.cursor, 1);
      if (unformed) oldest = Math.min(oldest ?? Infinity, unformed.at.getTime());
      const seconds = oldest === undefined ? 0 : Math.max(0, (now.getTime() - oldest) / 1000);
      lags.set(`${exp.tenant}/${exp.id}`, seconds);
    }
    return lags;
  }

  /**
   * When the first change of the lane's next delivery was written. A running send writes the
   * lane's count every few deliveries: the ones it already sent are passed over.
   */
  private async oldestWaiting(
    exportId: string,
    lane: number,
    counters: LaneCounters,
  ): Promise<string | undefined> {
    for (let n = counters.sent + 1; n <= counters.formed; n += 1) {
      const next = await this.db.exportDeliveries.findOne({ _id: deliveryIdOf(exportId, lane, n) });
      // Not written yet by a dispatch, or already sent by a send that has not counted it.
      if (next && next.status !== 'succeeded') return next.changes[0]?.at;
    }
    return undefined;
  }
}

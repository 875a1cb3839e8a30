/**
 * How far one send job got in its lane: deliveries up to `sent` were answered with a 2xx (and
 * recorded so on each delivery). The job writes the lane's count every few deliveries, every
 * second and when it stops: the delivery's own status is what counts, the lane's count only says
 * where the next send starts.
 */
import type { ExportDeliveryContext } from '../export-delivery-context';

const COUNT_EVERY = 10;
const COUNT_EVERY_MS = 1_000;

export class LaneProgress {
  sent = 0;
  /** How many of them the lane's count holds. */
  private counted = 0;
  private countedAt: number;

  constructor(
    readonly exportDocId: string,
    readonly exportId: string,
    readonly lane: number,
    private readonly context: Pick<ExportDeliveryContext, 'db' | 'now'>,
  ) {
    this.countedAt = context.now().getTime();
  }

  /** Delivery n had succeeded already: the job goes on after it. */
  passed(n: number): void {
    this.sent = n;
  }

  /** Delivery n was just answered with a 2xx. */
  async succeeded(n: number): Promise<void> {
    this.sent = n;
    const due = this.context.now().getTime() - this.countedAt >= COUNT_EVERY_MS;
    if (due || this.sent - this.counted >= COUNT_EVERY) await this.count();
  }

  /**
   * Writes the lane's count up to what the job sent. Any success ends a run of failures. The
   * count only grows (`$max`): a send that finds it moved on already leaves it.
   */
  async count(): Promise<void> {
    if (this.sent > this.counted) {
      await this.context.db.exports.updateOne(
        { _id: this.exportDocId },
        { $max: { [`lanes.${this.lane}.sent`]: this.sent }, $set: { failingSince: null } },
      );
    }
    this.counted = this.sent;
    this.countedAt = this.context.now().getTime();
  }
}

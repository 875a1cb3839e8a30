/**
 * An export's delivery log, as the settings API reads it: the deliveries still to be sent
 * (`exportDeliveries`) and those that succeeded (`exportDeliveryLog`), read as one list.
 */
import { z } from 'zod';
import type { mongo } from 'mongoose';
import { decodeCursor, encodeCursor, InvalidCursorError, type Page } from '../pagination/cursor';
import type { ExportCollections } from './export-collections';
import type { DeliveryDocument, DeliveryStatus } from './delivery-record';

const positionSchema = z.object({ at: z.string(), id: z.string() });

export class DeliveriesRepository {
  constructor(private readonly db: ExportCollections) {}

  /** The work queue first: a delivery is in the log only once it left it (or while it leaves). */
  async find(tenant: string, exportId: string, id: string): Promise<DeliveryDocument | null> {
    const found =
      (await this.db.exportDeliveries.findOne({ _id: id })) ??
      (await this.db.exportDeliveryLog.findOne({ _id: id }));
    return found && found.tenant === tenant && found.exportId === exportId ? found : null;
  }

  /** Clears the wait before the delivery's next attempt; null once it left the work queue. */
  async sendNow(id: string): Promise<DeliveryDocument | null> {
    return this.db.exportDeliveries.findOneAndUpdate(
      { _id: id },
      { $set: { nextAttemptAt: null } },
      { returnDocument: 'after' },
    );
  }

  /**
   * Newest first. Throws InvalidCursorError for a cursor that is not one of this list's. Each
   * collection gives its own first limit+1 under the same filter; the page is the first of
   * their merge, which holds every delivery the page and the cursor need.
   */
  async list(
    exportId: string,
    options: { status?: DeliveryStatus; limit: number; after?: string },
  ): Promise<Page<DeliveryDocument>> {
    const filter: mongo.Filter<DeliveryDocument> = { exportId };
    if (options.status) filter.status = options.status;
    if (options.after !== undefined) {
      const { at, id } = decodeCursor(options.after, positionSchema);
      const date = new Date(at);
      if (Number.isNaN(date.getTime())) throw new InvalidCursorError();
      filter.$or = [{ createdAt: { $lt: date } }, { createdAt: date, _id: { $lt: id } }];
    }
    const newest = (deliveries: mongo.Collection<DeliveryDocument>) =>
      deliveries
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .limit(options.limit + 1)
        .toArray();
    const [waiting, logged] = await Promise.all([
      newest(this.db.exportDeliveries),
      newest(this.db.exportDeliveryLog),
    ]);
    const found = newestFirst(waiting, logged);
    const items = found.slice(0, options.limit);
    const last = items.at(-1);
    const more = found.length > options.limit && last !== undefined;
    return {
      items,
      nextCursor: more ? encodeCursor({ at: last.createdAt.toISOString(), id: last._id }) : null,
    };
  }
}

/**
 * Both lists merged by (createdAt, _id) descending. A delivery in both (a send that died between
 * writing the log and leaving the work queue) is listed once, as the log has it: it succeeded.
 */
function newestFirst(waiting: DeliveryDocument[], logged: DeliveryDocument[]): DeliveryDocument[] {
  const inLog = new Set(logged.map((delivery) => delivery._id));
  return [...waiting.filter((delivery) => !inLog.has(delivery._id)), ...logged].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || compareDesc(a._id, b._id),
  );
}

/** Descending, as the server orders `_id` strings (ASCII ids: code units order alike). */
function compareDesc(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? 1 : -1;
}

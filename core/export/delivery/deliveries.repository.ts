/** An export's delivery log, as the settings API reads it: those to send and those sent. */
import { z } from 'zod';
import type { mongo } from 'mongoose';
import { decodeCursor, encodeCursor, InvalidCursorError, type Page } from '../../mongo/page-cursor';
import type { ExportCollections } from '../export-collections';
import type { DeliveryDocument, DeliveryStatus } from './delivery-record';

const positionSchema = z.object({ at: z.string(), id: z.string() });

export class DeliveriesRepository {
  constructor(private readonly db: ExportCollections) {}

  async find(tenant: string, exportId: string, id: string): Promise<DeliveryDocument | null> {
    const found = await this.db.exportDeliveries.findOne({ _id: id });
    return found && found.tenant === tenant && found.exportId === exportId ? found : null;
  }

  /** Clears the wait before the next attempt of a delivery still to send; null for any other. */
  sendNow(id: string): Promise<DeliveryDocument | null> {
    return this.db.exportDeliveries.findOneAndUpdate(
      { _id: id, status: { $ne: 'succeeded' } },
      { $set: { nextAttemptAt: null } },
      { returnDocument: 'after' },
    );
  }

  /**
   * An export's deliveries, newest first (DELIVERY_READS). Throws InvalidCursorError for a cursor
   * that is not one of this list's.
   */
  async list(
    scope: { tenant: string; exportId: string },
    options: { status?: DeliveryStatus; limit: number; after?: string },
  ): Promise<Page<DeliveryDocument>> {
    const filter: mongo.Filter<DeliveryDocument> = {
      tenant: scope.tenant,
      exportId: scope.exportId,
    };
    if (options.status) filter.status = options.status;
    if (options.after !== undefined) {
      const { at, id } = decodeCursor(options.after, positionSchema);
      const date = new Date(at);
      if (Number.isNaN(date.getTime())) throw new InvalidCursorError();
      filter.$or = [{ createdAt: { $lt: date } }, { createdAt: date, _id: { $lt: id } }];
    }
    // One more than asked tells whether a next page exists without a trailing empty page.
    const found = await this.db.exportDeliveries
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .limit(options.limit + 1)
      .toArray();
    const items = found.slice(0, options.limit);
    const last = items.at(-1);
    const more = found.length > options.limit && last !== undefined;
    return {
      items,
      nextCursor: more ? encodeCursor({ at: last.createdAt.toISOString(), id: last._id }) : null,
    };
  }
}

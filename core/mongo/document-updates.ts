/**
 * Updates of one document, by `_id`, where several processes change the same document at once:
 * an export's document (its dispatch, the sends of its lanes, the settings routes), a delivery
 * (its send and a "send now"), a full sync's counters, an invitation's single use. MongoDB applies each update atomically and
 * its implementation sends it as it is; an engine that may lose one of two concurrent updates
 * makes them wait for each other in its own implementation (core/storage/engines/).
 */
import type { mongo } from 'mongoose';

interface IdentifiedDocument extends mongo.Document {
  _id: string;
}

type ById<T extends IdentifiedDocument> = mongo.Filter<T> & { _id: string };

export interface DocumentUpdates {
  updateOne<T extends IdentifiedDocument>(
    collection: mongo.Collection<T>,
    filter: ById<T>,
    update: mongo.UpdateFilter<T>,
  ): Promise<mongo.UpdateResult<T>>;
  /** The document after the update, or null when the filter matched none. */
  findOneAndUpdate<T extends IdentifiedDocument>(
    collection: mongo.Collection<T>,
    filter: ById<T>,
    update: mongo.UpdateFilter<T>,
  ): Promise<mongo.WithId<T> | null>;
}

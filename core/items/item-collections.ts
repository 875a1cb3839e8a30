/** The collections of items and of what keeps their writes in order. */
import type { mongo } from 'mongoose';
import type { ItemDocument } from './item';

/** Per content type, the distinct lengths of its identifiers (lazy matching looks only at those). */
export interface ItemStatsDocument {
  _id: string;
  lengths: number[];
  /** The receipt sequence of the latest DELETE: writes received earlier look for tombstones. */
  deletedUpToSequence?: number;
}

/** What a DELETE leaves of an identifier, so that an older POST finishing later stays undone. */
export interface ItemTombstoneDocument {
  /** The item's `_id` (core/keys/keys.ts). */
  _id: string;
  tenant: string;
  contentType: string;
  /** The receive time of the latest DELETE of the identifier. */
  receivedAt: Date;
  /** Its receipt sequence; absent on tombstones left before requests carried one. */
  sequence?: number;
  expiresAt: Date;
}

export interface ItemCollections {
  items: mongo.Collection<ItemDocument>;
  itemStats: mongo.Collection<ItemStatsDocument>;
  itemTombstones: mongo.Collection<ItemTombstoneDocument>;
}

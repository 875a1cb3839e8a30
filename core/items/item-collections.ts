/** The collections of items and of what keeps their writes in order. */
import type { mongo } from 'mongoose';
import type { ItemDocument } from './item';

/**
 * Per content type: the distinct lengths of its identifiers (lazy matching looks only at those)
 * and the latest DELETE.
 */
export interface ItemStatsDocument {
  /** tenant:contentType:lengths */
  _id: string;
  lengths: number[];
  /** The receipt sequence of the latest DELETE: writes received earlier look for tombstones. */
  deletedUpToSequence?: number;
}

/** What a DELETE leaves of an identifier, so that an older POST finishing later stays undone. */
export interface ItemTombstoneDocument {
  /** The item's `_id` (core/domain/names.ts). */
  _id: string;
  tenant: string;
  contentType: string;
  /** The receive time of the latest DELETE of the identifier. */
  receivedAt: Date;
  /** Its receipt sequence: a write received before it is taken back. */
  sequence: number;
  /** The item's count of changes, its deletion included: an item created again goes on from it. */
  version?: number;
  expiresAt: Date;
}

export interface ItemCollections {
  items: mongo.Collection<ItemDocument>;
  itemStats: mongo.Collection<ItemStatsDocument>;
  itemTombstones: mongo.Collection<ItemTombstoneDocument>;
}

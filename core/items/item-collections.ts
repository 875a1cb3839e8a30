/** The collections of items and of what keeps their writes in order. */
import type { mongo } from 'mongoose';
import type { ItemDocument } from './item';

/**
 * Per content type: the distinct lengths of its identifiers (lazy matching looks only at those),
 * the latest DELETE, and the change intent of the write or delete now running.
 */
export interface ItemStatsDocument {
  /** tenant:contentType:lengths */
  _id: string;
  lengths: number[];
  /** The receipt sequence of the latest DELETE: writes received earlier look for tombstones. */
  deletedUpToSequence?: number;
  /** Present from the start of a write or delete until its changes are recorded. */
  intent?: ChangeIntent;
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

/** What the write or delete now running in a content type is about to change (change-intents.ts). */
export interface ChangeIntent {
  tenant: string;
  contentType: string;
  kind: 'write' | 'delete';
  /** The `_id`s of the items it writes or deletes. */
  ids: string[];
  /** The receipt sequence of its request; of the last, when it writes several requests at once. */
  sequence: number;
  /** The receipt sequence of the first of the requests (`sequence` itself when it is one). */
  fromSequence: number;
  at: Date;
}

export interface ItemCollections {
  items: mongo.Collection<ItemDocument>;
  itemStats: mongo.Collection<ItemStatsDocument>;
  itemTombstones: mongo.Collection<ItemTombstoneDocument>;
}

/** The collections of full syncs: the syncs, and the identifiers their requests named. */
import type { mongo } from 'mongoose';
import type { SyncDocument } from './sync';

/** The identifiers one request named to a sync (a part of at most NAMES_PER_DOCUMENT). */
export interface SyncNamesDocument {
  /** tenant:syncId:recordId:part */
  _id: string;
  tenant: string;
  syncId: string;
  identifiers: string[];
  /** The sync's expiry: names of syncs never committed are dropped after it. */
  expiresAt: Date;
}

export interface SyncCollections {
  syncs: mongo.Collection<SyncDocument>;
  syncNames: mongo.Collection<SyncNamesDocument>;
}

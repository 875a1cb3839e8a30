/** The collections of the change log. */
import type { mongo } from 'mongoose';
import type { ChangeDocument } from './change-record';

/** Per tenant, the highest `seq` known to be taken: where the next append starts looking. */
export interface ChangeHeadDocument {
  /** The tenant. */
  _id: string;
  seq: number;
}

export interface ChangeCollections {
  changes: mongo.Collection<ChangeDocument>;
  changeHeads: mongo.Collection<ChangeHeadDocument>;
}

/** The collections of the change log. */
import type { mongo } from 'mongoose';
import type { ChangeBatchDocument } from './change-record';

/**
 * Per tenant, the last `seq` of a batch known to be written: where the next append starts. A hint
 * only: it may lag behind the batches (an append that died before moving it).
 */
export interface ChangeHeadDocument {
  /** The tenant. */
  _id: string;
  lastSeq: number;
}

export interface ChangeCollections {
  changes: mongo.Collection<ChangeBatchDocument>;
  changeHeads: mongo.Collection<ChangeHeadDocument>;
}

/** The collections of the change log. */
import type { mongo } from 'mongoose';
import type { ChangeDiffDocument } from './change-diff-record';
import type { ChangeBatchDocument } from './change-record';

export interface ChangeCollections {
  changes: mongo.Collection<ChangeBatchDocument>;
  changeDiffs: mongo.Collection<ChangeDiffDocument>;
}

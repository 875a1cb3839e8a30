/** The collections of request history records, and of the parts of large ones. */
import type { mongo } from 'mongoose';
import type { HistoryPartDocument } from './history-part';
import type { HistoryDocument } from './history-record';

export interface HistoryCollections {
  history: mongo.Collection<HistoryDocument>;
  historyParts: mongo.Collection<HistoryPartDocument>;
}

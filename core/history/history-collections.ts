/** The collection of request history records. */
import type { mongo } from 'mongoose';
import type { HistoryDocument } from './history-record';

export interface HistoryCollections {
  history: mongo.Collection<HistoryDocument>;
}

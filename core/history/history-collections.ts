/** The collections of request history records, of the parts of large ones, and of their bodies. */
import type { mongo } from 'mongoose';
import type { HistoryPartDocument } from './history-part';
import type { HistoryPayloadChunkDocument } from './history-payload-chunk';
import type { HistoryDocument } from './history-record';

export interface HistoryCollections {
  history: mongo.Collection<HistoryDocument>;
  historyParts: mongo.Collection<HistoryPartDocument>;
  historyPayloads: mongo.Collection<HistoryPayloadChunkDocument>;
}

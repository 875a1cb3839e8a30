/** One chunk of a recorded body (stored-payload.ts), beside the record it belongs to. */
import type { mongo } from 'mongoose';

export interface HistoryPayloadChunkDocument {
  /** `record:chunk` */
  _id: string;
  tenant: string;
  /** The `_id` of the record whose body it holds. */
  record: string;
  /** From 0: the chunks in this order are the compressed body. */
  chunk: number;
  data: mongo.Binary | Buffer;
  /** The body's expiry, as its record says it (`storedPayload.expiresAt`). */
  expiresAt: Date;
}

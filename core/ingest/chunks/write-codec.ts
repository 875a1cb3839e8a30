/**
 * Item writes as bytes for Redis, in BSON: values come back with the types the MongoDB driver
 * would have written (dates stay dates, undefined becomes null as the driver makes it), which a
 * JSON round trip would not keep. Each write is its own BSON document, and documents are laid
 * end to end: every one starts with its length, so a chunk of any size decodes without a limit
 * on the whole.
 */
import { mongo } from 'mongoose';
import type { ItemWrite } from '../../items/item-store';

/** As the driver serializes by default. */
const OPTIONS = { ignoreUndefined: false };

export function encodeWrites(writes: readonly ItemWrite[]): Buffer {
  return Buffer.concat(writes.map((write) => mongo.BSON.serialize(write, OPTIONS)));
}

export function decodeWrites(bytes: Buffer): ItemWrite[] {
  const writes: ItemWrite[] = [];
  for (let offset = 0; offset < bytes.length;) {
    const length = bytes.readInt32LE(offset);
    writes.push(mongo.BSON.deserialize(bytes.subarray(offset, offset + length)) as ItemWrite);
    offset += length;
  }
  return writes;
}

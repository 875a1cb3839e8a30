/**
 * How large an item's document may be, measured as MongoDB measures it: its BSON size. The limit
 * is held here, before the driver, whatever the server would take (docs/storage.md#engines).
 *
 * 8 MiB leaves half of MongoDB's limit for what is sent around an item: the update that writes it
 * (`$set` names each property `properties.<key>`, beside `$unset`, `$setOnInsert` and the filter)
 * and an export delivery, which carries a changed item whole with its own fields. It is also half
 * of the largest body a request may have by default (MAX_BODY_BYTES), far above what one item of
 * a catalogue needs.
 */
import { mongo } from 'mongoose';

export const MAX_ITEM_BYTES = 8 * 1024 * 1024;

/** A document's size in BSON, exactly as the driver would serialise it. */
export const bsonSize = (document: object): number => mongo.BSON.calculateObjectSize(document);

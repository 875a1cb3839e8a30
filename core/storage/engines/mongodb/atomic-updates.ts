/** MongoDB applies every update of a document atomically: each is sent as it is. */
import type { DocumentUpdates } from '../../../mongo/document-updates';

export const ATOMIC_UPDATES: DocumentUpdates = {
  updateOne: (collection, filter, update) => collection.updateOne(filter, update),
  findOneAndUpdate: (collection, filter, update) =>
    collection.findOneAndUpdate(filter, update, { returnDocument: 'after' }),
};

/**
 * FerretDB v1 hands only a filter of `_id` alone to SQLite; any other (`$in`, several fields) is
 * decoded and tested document by document in Go, against every value of an `$in`. So a few ids
 * are read by their `_id`, side by side, and any other lookup is one pass over the scope matched
 * in a Set.
 * An update command of 100 or more statements never answers there: writes go in slices of
 * STATEMENTS_PER_COMMAND (docs/storage.md#ferretdb-v1).
 */
import type { mongo } from 'mongoose';
import {
  ONE_BATCH,
  type BatchOperations,
  type Scope,
  type ScopedDocument,
} from '../../../mongo/batch-operations';
import { MONGODB_BATCHES, projectionOf } from '../mongodb/mongodb-batches';

const STATEMENTS_PER_COMMAND = 90;
/**
 * Up to this many ids are read one `_id` lookup each (through the `_id` index, in the build
 * scripts/install-engines.sh makes); more are one pass over the scope. Each lookup is a command of
 * its own, and a request's commands stay a handful whatever its number of items.
 */
const LOOKUPS_BY_ID = 8;

async function findIn<T extends ScopedDocument, K extends keyof T>(
  collection: mongo.Collection<T>,
  scope: Scope,
  field: keyof T & string,
  values: readonly string[],
  fields: readonly K[],
): Promise<Pick<T, '_id' | K>[]> {
  if (values.length === 0) return [];
  type Found = Pick<T, '_id' | K> & Partial<Pick<T, typeof field>>;
  const options = { projection: projectionOf([...fields, field]), batchSize: ONE_BATCH };
  const find = (filter: object) => collection.find<Found>(filter as mongo.Filter<T>, options);
  if (field === '_id' && values.length <= LOOKUPS_BY_ID) {
    const found = await Promise.all([...new Set(values)].map((_id) => find({ _id }).toArray()));
    return found.flat();
  }
  const wanted = new Set(values);
  const all = await find(scope).toArray();
  return all.filter((document) => wanted.has(String(document[field])));
}

/** MongoDB's bulk write, a slice at a time. */
async function bulkWrite<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  operations: readonly mongo.AnyBulkWriteOperation<T>[],
  options: { skipIdCollisions: boolean },
): Promise<void> {
  for (let start = 0; start < operations.length; start += STATEMENTS_PER_COMMAND) {
    const slice = operations.slice(start, start + STATEMENTS_PER_COMMAND);
    await MONGODB_BATCHES.bulkWrite(collection, slice, options);
  }
}

export const FERRETDB_BATCHES: BatchOperations = { findIn, bulkWrite };

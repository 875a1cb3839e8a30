/**
 * MongoDB serves `$in` from an index and takes any number of writes in one bulkWrite (the driver
 * splits it by the server's batch limit): a lookup is one `$in` per bounded batch of values, under
 * the 16 MB command limit even for long identifiers.
 */
import type { mongo } from 'mongoose';
import {
  boundedBatches,
  ONE_BATCH,
  type BatchOperations,
  type Scope,
  type ScopedDocument,
} from '../../../mongo/batch-operations';

async function findIn<T extends ScopedDocument, K extends keyof T>(
  collection: mongo.Collection<T>,
  scope: Scope,
  field: keyof T & string,
  values: readonly string[],
  fields: readonly K[],
): Promise<Pick<T, '_id' | K>[]> {
  const options = { projection: projectionOf(fields), batchSize: ONE_BATCH };
  const found: Pick<T, '_id' | K>[] = [];
  for (const batch of boundedBatches(values)) {
    const filter = { ...scope, [field]: { $in: batch } };
    const cursor = collection.find<Pick<T, '_id' | K>>(filter as mongo.Filter<T>, options);
    found.push(...(await cursor.toArray()));
  }
  return found;
}

async function bulkWrite<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  operations: readonly mongo.AnyBulkWriteOperation<T>[],
): Promise<void> {
  if (operations.length === 0) return;
  await collection.bulkWrite([...operations], { ordered: false });
}

export const MONGODB_BATCHES: BatchOperations = { findIn, bulkWrite };

function projectionOf(fields: readonly PropertyKey[]): Record<string, 1> {
  return Object.fromEntries(fields.map((field) => [String(field), 1]));
}

/**
 * Lookups and writes of a batch of documents in as few commands as the engine takes: a request's
 * reads and writes go through this port, never a command per document. Each storage engine has
 * its implementation (core/storage/engines/); MongoDB's is one `$in` and one `bulkWrite`.
 */
import type { mongo } from 'mongoose';

/** The documents of one content type of one tenant. */
export interface Scope {
  tenant: string;
  contentType: string;
}

/** A document that belongs to a scope, under a string `_id`. */
export interface ScopedDocument extends mongo.Document {
  _id: string;
  tenant: string;
  contentType: string;
}

export interface BatchOperations {
  /**
   * The documents of `scope` whose `field` holds one of `values`, with `fields` (and `_id`).
   * `_id` as the field: the documents with these ids, all of which lie in `scope`.
   */
  findIn<T extends ScopedDocument, K extends keyof T>(
    collection: mongo.Collection<T>,
    scope: Scope,
    field: keyof T & string,
    values: readonly string[],
    fields: readonly K[],
  ): Promise<Pick<T, '_id' | K>[]>;
  /**
   * Sends the operations unordered. `skipIdCollisions`: a write that collides on `_id` is one
   * another writer made first, and the rest go on; any other failure is thrown.
   */
  bulkWrite<T extends mongo.Document>(
    collection: mongo.Collection<T>,
    operations: readonly mongo.AnyBulkWriteOperation<T>[],
    options: { skipIdCollisions: boolean },
  ): Promise<void>;
}

/** The documents with these `_id`s, all within `scope`. */
export function findByIds<T extends ScopedDocument, K extends keyof T>(
  batches: BatchOperations,
  collection: mongo.Collection<T>,
  scope: Scope,
  ids: readonly string[],
  fields: readonly K[],
): Promise<Pick<T, '_id' | K>[]> {
  return batches.findIn(collection, scope, '_id', ids, fields);
}

/**
 * Lookups answer in one batch (the server still caps a batch at 16 MB), so a request costs the
 * same number of commands whether it holds 10 items or 10,000.
 */
export const ONE_BATCH = 1_000_000;

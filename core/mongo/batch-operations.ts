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
  /** Sends the operations unordered; a failure of any is thrown. */
  bulkWrite<T extends mongo.Document>(
    collection: mongo.Collection<T>,
    operations: readonly mongo.AnyBulkWriteOperation<T>[],
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

/** Values per `$in`: a lookup of 10,000 items is one command. */
const VALUES_PER_BATCH = 50_000;
/** Bytes of values per `$in`: half the 16 MiB a command may hold, whatever the values' length. */
const BYTES_PER_BATCH = 8 * 1024 * 1024;
/** What BSON adds to each value of an array: its type, its index as a name, its length. */
const BYTES_PER_VALUE = 16;

/**
 * `values` in consecutive batches that each fit one command's `$in`: at most 50,000 values and
 * 8 MiB of them, so that long identifiers cannot take a command past the server's limit.
 */
export function boundedBatches(values: readonly string[]): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const value of values) {
    const size = Buffer.byteLength(value) + BYTES_PER_VALUE;
    if (batch.length > 0 && (batch.length === VALUES_PER_BATCH || bytes + size > BYTES_PER_BATCH)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(value);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

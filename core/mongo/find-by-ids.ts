/**
 * Batch lookups by deterministic `_id` within one tenant's content type, in one command whatever
 * the batch size. Where the engine serves `$in` from an index (MongoDB), one `$in`. FerretDB v1
 * decodes every document in Go for any filter but `{_id: <string>}`, which it hands to SQLite (a
 * scan there too, core/mongo/engine.ts, but a cheaper one): one `_id` query for a single id, and
 * otherwise one scan of the content type matched in a Set (the engine would scan for the `$in`
 * too, and test every document against every value).
 */
import type { mongo } from 'mongoose';
import type { EngineTraits } from './engine';

/**
 * Lookups answer in one batch (the server still caps a batch at 16 MB), so a request costs the
 * same number of commands whether it holds 10 items or 10,000.
 */
export const ONE_BATCH = 1_000_000;

interface Scoped extends mongo.Document {
  _id: string;
  tenant: string;
  contentType: string;
}

export async function findByIds<T extends Scoped, K extends keyof T>(
  collection: mongo.Collection<T>,
  engine: EngineTraits,
  scope: { tenant: string; contentType: string },
  ids: readonly string[],
  fields: readonly K[],
): Promise<Pick<T, '_id' | K>[]> {
  if (ids.length === 0) return [];
  const projection = Object.fromEntries(fields.map((field) => [field, 1]));
  const options = { projection, batchSize: ONE_BATCH };
  const find = (filter: mongo.Filter<T>) =>
    collection.find<Pick<T, '_id' | K>>(filter, options).toArray();
  if (engine.indexedFilters) return find({ _id: { $in: [...ids] } } as mongo.Filter<T>);
  if (ids.length === 1) return find({ _id: ids[0] } as mongo.Filter<T>);
  const wanted = new Set(ids);
  const all = await find(scope as mongo.Filter<T>);
  return all.filter((document) => wanted.has(document._id));
}

/**
 * FerretDB v1 hands only a filter of `_id` alone to SQLite; any other (several fields, or `$in`
 * as released) is decoded and tested document by document in Go. The build
 * scripts/install-engines.sh makes also hands it a list of `_id`s (`{_id: {$in: [...]}}`), which
 * SQLite then finds through the `_id` index: ids are read in lists where the engine does, one
 * `_id` query each for a few where it does not, and any other lookup is one pass over the scope
 * matched in a Set.
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
import { slicesOf } from '../../../platform/slices';
import { MONGODB_BATCHES, projectionOf } from '../mongodb/mongodb-batches';

const STATEMENTS_PER_COMMAND = 90;
/**
 * Ids per `$in` list: FerretDB still tests each document it reads against every value of the list
 * in Go, so a list's cost grows with its square. Lists of this length read 10,000 ids about as
 * fast as any, in a command per list.
 */
const IDS_PER_LIST = 1_000;
/**
 * Without lists (a FerretDB built otherwise), up to this many ids are read one `_id` query each;
 * more are one pass over the scope. Each query is a command of its own, and a request's commands
 * stay a handful whatever its number of items.
 */
const LOOKUPS_BY_ID = 8;

/** Whether the engine hands a list of `_id`s (`{_id: {$in: [...]}}`) to SQLite. */
export type IdListSupport = <T extends ScopedDocument>(
  collection: mongo.Collection<T>,
  id: string,
) => Promise<boolean>;

/**
 * As the engine's `explain` tells (`filterPushdown`) for a collection that exists; known for the
 * process from the first answer about one.
 */
function idListSupport(): IdListSupport {
  let known: boolean | undefined;
  return async <T extends ScopedDocument>(collection: mongo.Collection<T>, id: string) => {
    if (known !== undefined) return known;
    const filter = { _id: { $in: [id] } } as mongo.Filter<T>;
    const plan = await collection.find(filter).explain();
    const served = plan.filterPushdown === true;
    // Empty for a collection that does not exist yet.
    const planned: unknown = (plan.queryPlanner as { Plan?: unknown } | undefined)?.Plan;
    if (Array.isArray(planned) && planned.length > 0) known = served;
    return served;
  };
}

function findIn(servesIdLists: IdListSupport): BatchOperations['findIn'] {
  return async <T extends ScopedDocument, K extends keyof T>(
    collection: mongo.Collection<T>,
    scope: Scope,
    field: keyof T & string,
    values: readonly string[],
    fields: readonly K[],
  ): Promise<Pick<T, '_id' | K>[]> => {
    const [first] = values;
    if (first === undefined) return [];
    type Found = Pick<T, '_id' | K> & Partial<Pick<T, typeof field>>;
    const options = { projection: projectionOf([...fields, field]), batchSize: ONE_BATCH };
    const find = (filter: object) =>
      collection.find<Found>(filter as mongo.Filter<T>, options).toArray();
    if (field === '_id') {
      const ids = [...new Set(values)];
      if (await servesIdLists(collection, first)) {
        const lists = slicesOf(ids, IDS_PER_LIST);
        return (await Promise.all(lists.map((list) => find({ _id: { $in: list } })))).flat();
      }
      if (ids.length <= LOOKUPS_BY_ID) {
        return (await Promise.all(ids.map((_id) => find({ _id })))).flat();
      }
    }
    const wanted = new Set(values);
    const all = await find(scope);
    return all.filter((document) => wanted.has(String(document[field])));
  };
}

/** MongoDB's bulk write, a slice at a time. */
async function bulkWrite<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  operations: readonly mongo.AnyBulkWriteOperation<T>[],
  options: { skipIdCollisions: boolean },
): Promise<void> {
  for (const slice of slicesOf(operations, STATEMENTS_PER_COMMAND)) {
    await MONGODB_BATCHES.bulkWrite(collection, slice, options);
  }
}

/**
 * The engine's batch operations; `servesIdLists`: by default each instance asks the engine once
 * whether it may read ids in lists.
 */
export function ferretDbBatches(servesIdLists: IdListSupport = idListSupport()): BatchOperations {
  return { findIn: findIn(servesIdLists), bulkWrite };
}

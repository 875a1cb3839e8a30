/**
 * The rule for reads: each has an index with the tenant first that serves its filter and sort
 * (docs/storage.md#reads-and-their-indexes), and each query the API sends is a named read.
 */
import type { ReadShape } from '../../core/mongo/read-shape';

/** An index as the engine lists it: its name, its key in order, and its partial filter. */
export interface ListedIndex {
  name: string;
  key: Record<string, unknown>;
  partialFilterExpression?: Record<string, unknown>;
}

/**
 * Whether a read sees every document it asks for in the index: a partial index holds only the
 * documents its filter names (the service's hold a field), so it serves a read that matches each
 * of the filter's fields to a value.
 */
function holdsWhatIsRead(shape: ReadShape, index: ListedIndex): boolean {
  const filtered = Object.keys(index.partialFilterExpression ?? {});
  return filtered.every((field) => shape.equals.includes(field));
}

const ID_INDEX = '_id_';

function isIdRead(shape: ReadShape): boolean {
  const byId = shape.equals.length === 1 && shape.equals[0] === '_id' && !shape.range;
  const idRange = shape.equals.length === 0 && shape.range === '_id';
  const sortKeys = Object.keys(shape.sort ?? {});
  return (byId || idRange) && sortKeys.every((key) => key === '_id');
}

/** Whether `keys` hold the sort's keys in its order, all in its directions or all reversed. */
function servesSort(keys: [string, unknown][], sort: Readonly<Record<string, 1 | -1>>): boolean {
  const wanted = Object.entries(sort);
  if (keys.length < wanted.length) return false;
  const same = wanted.every(([field, dir], i) => keys[i]?.[0] === field && keys[i]?.[1] === dir);
  const reversed = wanted.every(
    ([field, dir], i) => keys[i]?.[0] === field && keys[i]?.[1] === -dir,
  );
  return same || reversed;
}

/**
 * The index that serves a read, by the rule of docs/storage.md#reads-and-their-indexes: the
 * tenant its first key, every document the read asks for in it, the read's equality fields its
 * leading keys, then the sort's keys (a range on the sort's first key rides on them), or the
 * range's field when nothing is sorted. A read by `_id` (whose values begin with the tenant) is
 * served by the `_id` index. Null: none.
 */
export function indexServing(shape: ReadShape, indexes: readonly ListedIndex[]): string | null {
  if (isIdRead(shape)) return ID_INDEX;
  const sortKeys = Object.keys(shape.sort ?? {});
  if (shape.range && shape.sort && sortKeys[0] !== shape.range) return null;
  for (const index of indexes) {
    const keys = Object.entries(index.key);
    if (keys[0]?.[0] !== 'tenant' || !holdsWhatIsRead(shape, index)) continue;
    const leading = keys.slice(0, shape.equals.length).map(([field]) => field);
    if (leading.length !== shape.equals.length) continue;
    if (!shape.equals.every((field) => leading.includes(field))) continue;
    const rest = keys.slice(shape.equals.length);
    if (shape.sort) {
      if (servesSort(rest, shape.sort)) return index.name;
    } else if (!shape.range || rest[0]?.[0] === shape.range) {
      return index.name;
    }
  }
  return null;
}

/** A query as it reached the engine: the fields its filter tests, and its sort. */
export interface SentQuery {
  collection: string;
  filter: Record<string, unknown>;
  sort?: Record<string, 1 | -1>;
}

/**
 * The fields a filter tests. `$or` is left out: the service sends it only to go on after a page's
 * last document, on the keys the read sorts by.
 */
export function filterFields(filter: Record<string, unknown>): string[] {
  return Object.keys(filter).filter((field) => field !== '$or');
}

/** Whether a query the API sent is the read `shape`: its fields and sort, on its collection. */
export function isShapeOf(query: SentQuery, collectionName: string, shape: ReadShape): boolean {
  if (collectionName !== query.collection) return false;
  const fields = filterFields(query.filter);
  const allowed = new Set([
    ...shape.equals,
    ...(shape.range ? [shape.range] : []),
    ...(shape.alsoTests ?? []),
  ]);
  if (!shape.equals.every((field) => fields.includes(field))) return false;
  if (!fields.every((field) => allowed.has(field))) return false;
  return JSON.stringify(query.sort ?? {}) === JSON.stringify(shape.sort ?? {});
}

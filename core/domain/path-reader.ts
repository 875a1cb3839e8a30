/**
 * Reads the value a mapping's source path addresses in one item of a request
 * (docs/settings.md#source-paths).
 *
 * - Keys are joined by dots: `attrs.color`.
 * - A numeric segment (`0`, `12`, no leading zero) indexes an array: `images.0.url`.
 * - A path that meets an array with any other segment maps over the elements and yields an array:
 *   `categories.name` on `[{"name":"a"},{"name":"b"}]` gives `["a","b"]`. Elements that lack the
 *   key are skipped; when none has it (an empty array included), the value is not found.
 * - Mappings compose flat, as JSONPath wildcards do: `variants.images.url` over arrays inside
 *   arrays yields one flat array of URLs. An array that is itself the addressed value (`tags`)
 *   is kept as it is.
 * - Only own data properties are read, so `__proto__`, `constructor` or `toString` address what
 *   the client sent, never the prototype, and a getter is never run. Strings, numbers and other
 *   primitives have no keys.
 *
 * It never throws on JSON input, and it walks arrays nested in arrays without recursion.
 * A path is split once per request (sourcePath) and read in every item (readValue), which
 * allocates nothing unless the path maps over an array.
 */
import { types } from 'node:util';

export type PathRead = { found: false } | { found: true; value: unknown };

/** What readValue gives when the path addresses nothing: no JSON value is this symbol. */
export const MISSING: unique symbol = Symbol('missing');

/** One segment of a source path. */
interface Segment {
  key: string;
  /** Whether the key can index an array: `0`, `12`, no leading zero. */
  index: boolean;
}

/** A source path split into its segments, once per request. */
export interface SourcePath {
  readonly segments: readonly Segment[];
}

const NOT_FOUND: PathRead = { found: false };
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * Object.prototype.__lookupGetter__: an own accessor's getter, found without running it, and no
 * descriptor object made (TypeScript's lib does not declare it).
 */
const lookupGetter = Reflect.get(Object.prototype, '__lookupGetter__') as (
  this: object,
  key: string,
) => unknown;

/**
 * The own data property `key` of an object, never an inherited or accessor one; MISSING when there
 * is none. A JSON object's property is read directly, with no descriptor object made; the
 * descriptor is only asked for when the property might be an accessor without a getter (it reads
 * as undefined, which JSON never sends) or when the object is a proxy, whose plain read would run
 * its `get` trap.
 */
function ownDataValue(container: object, key: string): unknown {
  if (!Object.hasOwn(container, key)) return MISSING;
  if (!types.isProxy(container) && lookupGetter.call(container, key) === undefined) {
    const value = (container as Record<string, unknown>)[key];
    if (value !== undefined) return value;
  }
  const descriptor = Object.getOwnPropertyDescriptor(container, key);
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : MISSING;
}

/**
 * Pushes onto `into` what `key` finds in the elements of an array, arrays inside it spread in
 * place, in order, without recursion.
 */
function collectFromElements(array: readonly unknown[], key: string, into: unknown[]): void {
  const stack: { array: readonly unknown[]; next: number }[] = [{ array, next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top === undefined || top.next >= top.array.length) {
      stack.pop();
      continue;
    }
    const element = top.array[top.next];
    top.next += 1;
    if (Array.isArray(element)) stack.push({ array: element, next: 0 });
    else if (typeof element === 'object' && element !== null) {
      const found = ownDataValue(element, key);
      if (found !== MISSING) into.push(found);
    }
  }
}

/** Applies one segment to one value, pushing onto `into` what it finds. */
function collect(value: unknown, segment: Segment, into: unknown[]): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    if (!segment.index) return collectFromElements(value, segment.key, into);
    if (Number(segment.key) >= value.length) return;
  }
  const found = ownDataValue(value, segment.key);
  if (found !== MISSING) into.push(found);
}

/**
 * The rest of a walk that met an array with a key that is not an index, from segment `from` on:
 * every value the path reaches, as one array, or MISSING when it reaches none.
 */
function readMapped(
  array: readonly unknown[],
  segments: readonly Segment[],
  from: number,
): unknown {
  let values: unknown[] = [array];
  for (let at = from; at < segments.length; at++) {
    const segment = segments[at];
    if (segment === undefined) break;
    const next: unknown[] = [];
    for (const value of values) collect(value, segment, next);
    if (next.length === 0) return MISSING;
    values = next;
  }
  return values;
}

/** Splits a source path (`attrs.color`) once, for readValue to read in many items. */
export function sourcePath(path: string): SourcePath {
  return { segments: path.split('.').map((key) => ({ key, index: ARRAY_INDEX.test(key) })) };
}

/**
 * The value at `path` in `source`, or MISSING when the path addresses nothing: readPath without
 * the PathRead object, for the mapper, which reads every mapped path of every item.
 */
export function readValue(source: unknown, path: SourcePath): unknown {
  const { segments } = path;
  let value = source;
  for (let at = 0; at < segments.length; at++) {
    const segment = segments[at];
    if (segment === undefined) break;
    if (typeof value !== 'object' || value === null) return MISSING;
    if (Array.isArray(value)) {
      if (!segment.index) return readMapped(value, segments, at);
      if (Number(segment.key) >= value.length) return MISSING;
    }
    value = ownDataValue(value, segment.key);
    if (value === MISSING) return MISSING;
  }
  return value;
}

/** The value at `path` in `source`, or `{ found: false }` when the path addresses nothing. */
export function readPath(source: unknown, path: string): PathRead {
  const value = readValue(source, sourcePath(path));
  return value === MISSING ? NOT_FOUND : { found: true, value };
}

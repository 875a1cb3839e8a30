/**
 * Reads the value a mapping's source path addresses in one item of a request (contract 2).
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
 */

export type PathRead = { found: false } | { found: true; value: unknown };

const NOT_FOUND: PathRead = { found: false };
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** One step of the walk: nothing, one value, or the values of a mapping over an array. */
type Step =
  { kind: 'none' } | { kind: 'one'; value: unknown } | { kind: 'many'; values: unknown[] };

/** The own data property `key` of an object, never an inherited or accessor one. */
function ownValue(container: object, key: string): Step {
  const descriptor = Object.getOwnPropertyDescriptor(container, key);
  return descriptor !== undefined && 'value' in descriptor
    ? { kind: 'one', value: descriptor.value }
    : { kind: 'none' };
}

/** The elements of an array with arrays inside it spread in place, in order, without recursion. */
function leaves(array: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
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
    else out.push(element);
  }
  return out;
}

/** Applies one path segment to one value. */
function step(value: unknown, segment: string): Step {
  if (typeof value !== 'object' || value === null) return { kind: 'none' };
  if (!Array.isArray(value)) return ownValue(value, segment);
  if (ARRAY_INDEX.test(segment)) {
    return Number(segment) < value.length ? ownValue(value, segment) : { kind: 'none' };
  }
  const values: unknown[] = [];
  for (const element of leaves(value)) {
    if (typeof element !== 'object' || element === null) continue;
    const found = ownValue(element, segment);
    if (found.kind === 'one') values.push(found.value);
  }
  return { kind: 'many', values };
}

/** The value at `path` in `source`, or `{ found: false }` when the path addresses nothing. */
export function readPath(source: unknown, path: string): PathRead {
  let values: unknown[] = [source];
  let mapped = false;
  for (const segment of path.split('.')) {
    const next: unknown[] = [];
    for (const value of values) {
      const result = step(value, segment);
      if (result.kind === 'one') next.push(result.value);
      else if (result.kind === 'many') {
        mapped = true;
        for (const found of result.values) next.push(found);
      }
    }
    if (next.length === 0) return NOT_FOUND;
    values = next;
  }
  if (mapped) return { found: true, value: values };
  return values.length === 1 ? { found: true, value: values[0] } : NOT_FOUND;
}

/**
 * An item's content (name, image, parent, properties) as a write leaves it, and whether that
 * differs from before: a write that changes nothing is no change (no new version, no change
 * record, no delivery).
 */
import type { ItemDocument } from './item';
import type { ItemWrite } from './item-documents';

export type Content = Pick<ItemDocument, 'name' | 'image' | 'parent' | 'properties'>;

export const CONTENT_FIELDS = ['name', 'image', 'parent'] as const;

/** The stored item with the write's values set and its unmapped fields removed. */
export function contentAfter(stored: Content, write: ItemWrite): Content {
  const { properties: setProperties, ...setFields } = write.set;
  const after: Content = { ...stored, ...(setFields as Partial<Content>) };
  for (const field of write.unset.fields) delete after[field as keyof Content];
  const properties: Record<string, unknown> = { ...stored.properties, ...setProperties };
  for (const key of write.unset.properties) delete properties[key];
  after.properties = properties;
  return after;
}

export function sameContent(before: Content, after: Content): boolean {
  return (
    CONTENT_FIELDS.every((field) => sameValue(before[field] ?? null, after[field] ?? null)) &&
    sameValue(before.properties ?? {}, after.properties ?? {})
  );
}

/** JSON-like equality: objects by their own keys in any order, whatever their prototype. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, i) => sameValue(value, b[i]));
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every(
      (key) =>
        Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], bRecord[key]),
    )
  );
}

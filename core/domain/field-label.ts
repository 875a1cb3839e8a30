/**
 * What a field of an item is called for people: a system field by its kind's label, a property
 * (`properties.<key>`) by its label in the content type; one the content type no longer has, by
 * its key.
 */
import type { ContentType } from './content-type';
import { systemFieldSchema, systemFieldSpec } from './system-fields';

const PROPERTY_PREFIX = 'properties.';

export function fieldLabel(
  contentType: Pick<ContentType, 'kind' | 'properties'>,
  field: string,
): string {
  if (field.startsWith(PROPERTY_PREFIX)) {
    const key = field.slice(PROPERTY_PREFIX.length);
    return contentType.properties.find((property) => property.key === key)?.label ?? key;
  }
  const system = systemFieldSchema.safeParse(field);
  return (system.success && systemFieldSpec(contentType.kind, system.data)?.label) || field;
}

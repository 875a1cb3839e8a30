/**
 * Every target a mapping of a content type may name, system fields first, with its label and
 * the type of value it takes: what an editor offers beside the suggestions.
 */
import { z } from 'zod';
import type { ContentType } from '../domain/content-type';
import { mappingTargetSchema } from '../domain/funnel';
import { SYSTEM_FIELDS } from '../domain/system-fields';

export const mappingTargetViewSchema = z
  .object({
    target: mappingTargetSchema,
    label: z.string(),
    type: z.string().meta({ description: 'The type of value the target takes' }),
    multiple: z.boolean(),
  })
  .meta({ id: 'MappingTargetView' });
export type MappingTargetView = z.infer<typeof mappingTargetViewSchema>;

export function mappingTargets(contentType: ContentType): MappingTargetView[] {
  const system = Object.entries(SYSTEM_FIELDS[contentType.kind]).map(([field, spec]) => ({
    target: { system: field } as MappingTargetView['target'],
    label: spec.label,
    type: field === 'identifier' ? 'identifier' : spec.type,
    multiple: false,
  }));
  const properties = contentType.properties.map((property) => ({
    target: { property: property.key },
    label: property.label,
    type: property.type,
    multiple: property.multiple,
  }));
  return [...system, ...properties];
}

/** A funnel: an endpoint bound to one content type, with the mapping from sender paths to fields. */
import { z } from 'zod';
import { contentTypeKeySchema, endpointUrlSchema, propertyKeySchema } from '../domain/keys';
import type { ContentType } from './content-type';
import { systemFieldSchema, systemFieldSpec } from './system-fields';

/** Keys joined by dots; a numeric segment indexes an array (contract 2). */
export const sourcePathSchema = z
  .string()
  .min(1)
  .max(500)
  .regex(/^[^.]+(\.[^.]+)*$/, 'must be keys joined by dots, such as "attrs.color"');

export const mappingTargetSchema = z.union([
  z.strictObject({ system: systemFieldSchema }),
  z.strictObject({ property: propertyKeySchema }),
]);
export type MappingTarget = z.infer<typeof mappingTargetSchema>;

export const mappingSchema = z.strictObject({
  source: sourcePathSchema,
  target: mappingTargetSchema,
  optional: z.boolean().default(false),
  lazy: z.boolean().default(false),
});
export type Mapping = z.infer<typeof mappingSchema>;

const funnelFields = {
  contentType: contentTypeKeySchema,
  name: z.string().trim().min(1).max(200),
  endpointUrl: endpointUrlSchema,
  description: z.string().max(2_000).default(''),
  requestData: z.unknown().optional(),
  active: z.boolean().default(true),
  partialValidation: z.boolean().default(false),
  mappings: z.array(mappingSchema).max(500).default([]),
};

/** The body of `POST /settings/funnels` and `PUT /settings/funnels/{endpointUrl}`. */
export const funnelBodySchema = z.strictObject(funnelFields);
export type FunnelBody = z.infer<typeof funnelBodySchema>;

/** The body of `PATCH /settings/funnels/{endpointUrl}`: any subset of the fields. */
export const funnelPatchSchema = z.strictObject(funnelFields).partial();

export const funnelSchema = z.object({
  ...funnelFields,
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Funnel = z.infer<typeof funnelSchema>;

export function targetName(target: MappingTarget): string {
  return 'system' in target ? `system field "${target.system}"` : `property "${target.property}"`;
}

/**
 * Checks a funnel's mappings against its content type: every target must exist, and no target may
 * be mapped twice. Returns field path -> message, empty when the funnel is sound.
 */
export function mappingProblems(
  mappings: Mapping[],
  contentType: ContentType,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Map<string, number>();
  mappings.forEach((mapping, index) => {
    const path = `mappings.${index}.target`;
    const { target } = mapping;
    const exists =
      'system' in target
        ? systemFieldSpec(contentType.kind, target.system) !== undefined
        : contentType.properties.some((property) => property.key === target.property);
    if (!exists) {
      problems[path] = `Content type "${contentType.key}" has no ${targetName(target)}`;
      return;
    }
    const key = JSON.stringify(target);
    const first = seen.get(key);
    if (first !== undefined) {
      problems[path] = `The ${targetName(target)} is already mapped by mappings.${first}`;
      return;
    }
    seen.set(key, index);
    if (mapping.lazy && !('system' in target && target.system === 'identifier')) {
      problems[`mappings.${index}.lazy`] = 'Lazy comparison applies only to the identifier mapping';
    }
  });
  return problems;
}

/** A funnel: an endpoint bound to one content type, with the mapping from sender paths to fields. */
import { z } from 'zod';
import { typedText, boundedText } from './typed-text';
import { contentTypeKeySchema, endpointUrlSchema, propertyKeySchema } from './names';
import { applyTransforms, hasValue, transformsSchema } from './transforms';
import { validateValue, type ValueSpec } from './value-validators';
import type { ContentType } from './content-type';
import { systemFieldSchema, systemFieldSpec } from './system-fields';

/** Keys joined by dots; a numeric segment indexes an array (docs/settings.md#source-paths). */
const sourcePathSchema = z
  .string()
  .min(1)
  .max(500)
  .regex(/^[^.]+(\.[^.]+)*$/, 'must be keys joined by dots, such as "attrs.color"');

export const mappingTargetSchema = z.union(
  [z.strictObject({ system: systemFieldSchema }), z.strictObject({ property: propertyKeySchema })],
  { error: 'must be a system field or a property of the content type' },
);
export type MappingTarget = z.infer<typeof mappingTargetSchema>;

export const mappingSchema = z.strictObject({
  source: sourcePathSchema,
  target: mappingTargetSchema,
  optional: z.boolean().default(false),
  lazy: z.boolean().default(false),
  /** Steps applied to the value read from `source`; absent: none. */
  transforms: transformsSchema.optional(),
});
export type Mapping = z.infer<typeof mappingSchema>;

const funnelFields = {
  contentType: contentTypeKeySchema,
  name: typedText(200),
  endpointUrl: endpointUrlSchema,
  description: boundedText(2_000).default(''),
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
  /** Stable: the funnel keeps it when its endpoint URL changes (its history follows it). */
  id: z.string(),
  ...funnelFields,
  /** 1 when created, one more with each change: its ETag is `"<id>.r<revision>"`. */
  revision: z.number().int().min(1),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Funnel = z.infer<typeof funnelSchema>;

export function targetName(target: MappingTarget): string {
  return 'system' in target ? `system field "${target.system}"` : `property "${target.property}"`;
}

/** What a target accepts: the identifier (any identifier), or a typed value. */
type TargetSpec = 'identifier' | ValueSpec;

function targetSpec(target: MappingTarget, contentType: ContentType): TargetSpec | undefined {
  if ('system' in target) {
    if (target.system === 'identifier') return 'identifier';
    const spec = systemFieldSpec(contentType.kind, target.system);
    return spec && { type: spec.type };
  }
  return contentType.properties.find((property) => property.key === target.property);
}

/**
 * A `default` is checked when the funnel is saved, not item by item: the value a missing field
 * gets (the default after the later steps) must suit the target, or every item that lacks the
 * field would fail for a reason its sender cannot fix. The identifier cannot have a default:
 * items without one would all update the same item.
 */
function defaultProblems(
  mapping: Mapping,
  index: number,
  spec: TargetSpec,
): Record<string, string> {
  const transforms = mapping.transforms ?? [];
  const at = transforms.findIndex((transform) => transform.op === 'default');
  if (at === -1) return {};
  if (spec === 'identifier') {
    return {
      [`mappings.${index}.transforms.${at}`]: 'The identifier mapping cannot have a default',
    };
  }
  const problem = (message: string) => ({ [`mappings.${index}.transforms.${at}.value`]: message });
  const result = applyTransforms(transforms, { found: false });
  if (!result.ok) return problem(`The default fails a later step: ${result.message}`);
  // A default of "" clears an optional field, as a sender's "" would; a required one it fails.
  if (!hasValue(result.read)) {
    return mapping.optional ? {} : problem('The default gives no value, and the field is required');
  }
  const checked = validateValue(spec, result.read.value);
  return checked.ok
    ? {}
    : problem(`The default does not suit ${targetName(mapping.target)}: ${checked.message}`);
}

/**
 * Checks a funnel's mappings against its content type: every target must exist, no target may
 * be mapped twice, and a default must suit its target. Returns field path -> message, empty when
 * the funnel is sound. A mapping given as undefined (one whose form was refused) is passed over,
 * so that the others are still checked and every problem is said at once.
 */
export function mappingProblems(
  mappings: readonly (Mapping | undefined)[],
  contentType: ContentType,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Map<string, number>();
  mappings.forEach((mapping, index) => {
    if (!mapping) return;
    const path = `mappings.${index}.target`;
    const { target } = mapping;
    const spec = targetSpec(target, contentType);
    if (spec === undefined) {
      problems[path] = `Content type "${contentType.key}" has no ${targetName(target)}`;
      return;
    }
    const key = JSON.stringify(target);
    const first = seen.get(key);
    if (first !== undefined) {
      problems[path] =
        `The ${targetName(target)} is already mapped from ${mappings[first]?.source}`;
      return;
    }
    seen.set(key, index);
    if (mapping.lazy && !('system' in target && target.system === 'identifier')) {
      problems[`mappings.${index}.lazy`] = 'Lazy comparison applies only to the identifier mapping';
    }
    Object.assign(problems, defaultProblems(mapping, index, spec));
  });
  return problems;
}

/** A tenant's content type: its kind (which system fields it has) and its typed properties. */
import { z } from 'zod';
import { typedText, boundedText } from './typed-text';
import { contentTypeKeySchema, propertyKeySchema } from './names';
import { contentTypeKindSchema } from './system-fields';

const common = {
  key: propertyKeySchema,
  label: typedText(200),
  multiple: z.boolean().default(false),
};

export const PROPERTY_TYPES = [
  'text',
  'number',
  'integer',
  'boolean',
  'date',
  'media',
  'reference',
  'enum',
] as const;

const propertySchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ ...common, type: z.literal('text') }),
    z.strictObject({ ...common, type: z.literal('number') }),
    z.strictObject({ ...common, type: z.literal('integer') }),
    z.strictObject({ ...common, type: z.literal('boolean') }),
    z.strictObject({ ...common, type: z.literal('date') }),
    z.strictObject({ ...common, type: z.literal('media') }),
    z.strictObject({ ...common, type: z.literal('reference'), contentType: contentTypeKeySchema }),
    z.strictObject({
      ...common,
      type: z.literal('enum'),
      options: z.array(boundedText(200).min(1)).min(1).max(1_000),
    }),
  ],
  // An unknown type: said as the list a person picks from.
  {
    error: (issue) =>
      issue.code === 'invalid_union' ? `must be one of: ${PROPERTY_TYPES.join(', ')}` : undefined,
  },
);
export type Property = z.infer<typeof propertySchema>;

/** Most properties of one content type (path suggestions compare a path with each). */
export const MAX_PROPERTIES = 500;

/** The body of `PUT /settings/content-types/{key}`. */
export const contentTypeBodySchema = z
  .strictObject({
    name: typedText(200),
    kind: contentTypeKindSchema.default('generic'),
    properties: z.array(propertySchema).max(MAX_PROPERTIES).default([]),
  })
  .superRefine((body, context) => {
    const firstAt = new Map<string, number>();
    body.properties.forEach((property, index) => {
      const first = firstAt.get(property.key);
      if (first !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['properties', index, 'key'],
          // Follows the field's label: "Property 2: key is "size", which property 1 has too".
          message: `is "${property.key}", which property ${first + 1} has too`,
        });
      } else firstAt.set(property.key, index);
    });
  });
export type ContentTypeBody = z.infer<typeof contentTypeBodySchema>;

export const contentTypeSchema = z.object({
  key: contentTypeKeySchema,
  name: z.string(),
  kind: contentTypeKindSchema,
  properties: z.array(propertySchema),
  /** 1 when created, one more with each change: its ETag is `"<key>.r<revision>"`. */
  revision: z.number().int().min(1),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ContentType = z.infer<typeof contentTypeSchema>;

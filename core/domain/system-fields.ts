/** The system fields of each content-type kind, with the labels errors are keyed by. */
import { z } from 'zod';

export const contentTypeKindSchema = z.enum(['product', 'generic']);
export type ContentTypeKind = z.infer<typeof contentTypeKindSchema>;

export const systemFieldSchema = z.enum(['identifier', 'name', 'image', 'parent']);
export type SystemField = z.infer<typeof systemFieldSchema>;

export interface SystemFieldSpec {
  label: string;
  type: 'text' | 'media' | 'reference';
}

export const SYSTEM_FIELDS: Record<
  ContentTypeKind,
  Partial<Record<SystemField, SystemFieldSpec>>
> = {
  product: {
    identifier: { label: 'Product Identifier', type: 'text' },
    name: { label: 'Product Name', type: 'text' },
    image: { label: 'Product Image', type: 'media' },
  },
  generic: {
    identifier: { label: 'Identifier', type: 'text' },
    parent: { label: 'Parent Identifier', type: 'reference' },
    name: { label: 'Name', type: 'text' },
    image: { label: 'Main Image', type: 'media' },
  },
};

export function systemFieldSpec(
  kind: ContentTypeKind,
  field: SystemField,
): SystemFieldSpec | undefined {
  return SYSTEM_FIELDS[kind][field];
}

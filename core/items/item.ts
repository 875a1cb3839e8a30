/** A content item as stored, and as the API shows it. */
import { z } from 'zod';

export interface ItemDocument {
  /** tenant:contentType:identifier, see core/domain/names.ts */
  _id: string;
  tenant: string;
  contentType: string;
  identifier: string;
  /** For lazy matching, which compares without regard to case. */
  identifierLower: string;
  name?: string | null;
  image?: string | null;
  parent?: string | null;
  properties: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  /** When the request that last wrote the item was received. */
  receivedAt: Date;
  /** The receipt sequence of that request: an older write never wins over it. */
  sequence: number;
  /** How many changes the item has had, its creation included (docs/changes.md). */
  version: number;
  /** The stable id of the funnel that last wrote it, whatever its endpoint URL now. */
  funnelId: string;
}

export const itemViewSchema = z.object({
  identifier: z.string(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  parent: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ItemView = z.infer<typeof itemViewSchema>;

/** The fields a view shows. */
export type ViewedItem = Pick<
  ItemDocument,
  'identifier' | 'name' | 'image' | 'parent' | 'properties' | 'createdAt' | 'updatedAt'
>;

export function itemView(item: ViewedItem): ItemView {
  return {
    identifier: item.identifier,
    name: item.name ?? null,
    image: item.image ?? null,
    parent: item.parent ?? null,
    properties: item.properties ?? {},
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

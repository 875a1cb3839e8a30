/**
 * One entry of a tenant's change log: an item created, updated or deleted, as it was after the
 * change. `seq` orders the tenant's changes (1, 2, 3... without gaps); `version` counts the
 * item's own changes and only grows. See docs/changes.md.
 */
import { z } from 'zod';
import { documentId } from '../keys/keys';
import { itemViewSchema } from '../items/item';

export const CHANGE_EVENTS = ['created', 'updated', 'deleted'] as const;
export const changeEventSchema = z.enum(CHANGE_EVENTS);
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** A change before the log numbers it. */
export const newChangeSchema = z.object({
  event: changeEventSchema,
  contentType: z.string(),
  identifier: z.string(),
  version: z.number().int().positive(),
  /** The item after the change; null for a deletion. */
  item: itemViewSchema.nullable(),
  at: z.date(),
});
export type NewChange = z.infer<typeof newChangeSchema>;

export const changeDocumentSchema = newChangeSchema.extend({
  /** tenant:seq */
  _id: z.string(),
  tenant: z.string(),
  seq: z.number().int().positive(),
});
export type ChangeDocument = z.infer<typeof changeDocumentSchema>;

export const changeIdOf = (tenant: string, seq: number): string => documentId(tenant, String(seq));

/** A change as the API and the deliveries show it. */
export interface ChangeView {
  seq: number;
  event: ChangeEvent;
  contentType: string;
  identifier: string;
  version: number;
  item: z.infer<typeof itemViewSchema> | null;
  at: string;
}

export function changeView(change: ChangeDocument): ChangeView {
  return {
    seq: change.seq,
    event: change.event,
    contentType: change.contentType,
    identifier: change.identifier,
    version: change.version,
    item: change.item,
    at: change.at.toISOString(),
  };
}

/**
 * The change log's records. A record names an item, the change (created, updated, deleted) and
 * the version it gave the item; `seq` orders the tenant's records (1, 2, 3... without gaps).
 * Records are stored thin, in batches (one per append); readers get each with the item as it is
 * when read (change-feed.ts). See docs/changes.md.
 */
import { z } from 'zod';
import { documentId } from '../domain/names';
import { itemViewSchema, type ItemView } from '../items/item';
import type { TraceCarrier } from '../platform/tracing/trace-carrier';

export const CHANGE_EVENTS = ['created', 'updated', 'deleted'] as const;
export const changeEventSchema = z.enum(CHANGE_EVENTS);
type ChangeEvent = z.infer<typeof changeEventSchema>;

/** A change as the writer hands it in, before the log numbers it. */
export interface NewChange {
  event: ChangeEvent;
  contentType: string;
  identifier: string;
  /** The item's count of changes, this one included. */
  version: number;
  at: Date;
  /** The span that wrote it, when tracing was on: where its export deliveries' spans go. */
  trace?: TraceCarrier;
}

/** A numbered record, as stored (without the item). */
export interface ChangeRecord extends NewChange {
  tenant: string;
  seq: number;
}

/** One append's records: one content type, consecutive numbers. */
export interface ChangeBatchDocument {
  /** tenant:firstSeq, taken by inserting. */
  _id: string;
  tenant: string;
  contentType: string;
  firstSeq: number;
  lastSeq: number;
  /** Its records, in order: record i has `seq` firstSeq + i. */
  entries: ChangeEntry[];
  at: Date;
  /** The span that appended it (NewChange `trace`). */
  trace?: TraceCarrier;
}

/** A record as a batch keeps it: its item, what happened and the version it gave. */
interface ChangeEntry {
  event: ChangeEvent;
  identifier: string;
  version: number;
}

/** The `_id` of the batch whose first record is `firstSeq`. */
export const changeBatchIdOf = (tenant: string, firstSeq: number): string =>
  documentId(tenant, String(firstSeq));

/** A record as readers get it: with the item as it is now (null when it is gone). */
export interface ChangeDocument extends ChangeRecord {
  item: ItemView | null;
}

export const changeViewSchema = z.object({
  seq: z.number().int().positive(),
  event: changeEventSchema,
  contentType: z.string(),
  identifier: z.string(),
  version: z.number().int().positive(),
  item: itemViewSchema.nullable(),
  at: z.string(),
});
export type ChangeView = z.infer<typeof changeViewSchema>;

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

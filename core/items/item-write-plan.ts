/**
 * What one write does to one item, decided against the item as stored (read under the content
 * type's write lock, so nothing changes it meanwhile):
 * - none stored: created, at the version after the one its deletion left (if any);
 * - stored by a request received later: nothing, the later write stands;
 * - stored with the same content: only the receipt (so that an older request still cannot
 *   overwrite it) and the writing funnel move on, no new version and no change;
 * - otherwise: updated, at the next version, with what changed field by field (item-diff.ts,
 *   from the stored fields read anyway: no more is read for it), unless the item would then be over
 *   MAX_ITEM_BYTES with the fields it keeps: that fails the write (ItemTooLargeError).
 */
import type { ItemDocument } from './item';
import type { ItemChange } from './item-change';
import { contentAfter, sameContent } from './item-content';
import { itemDiff } from './item-diff';
import { MAX_ITEM_BYTES, bsonSize } from './item-size';
import { ItemTooLargeError } from './item-too-large-error';
import {
  itemId,
  itemUpsert,
  newItemDocument,
  type ContentTypeScope,
  type ItemUpsert,
  type ItemWrite,
  type ReceivedWrite,
} from './item-documents';

/** The stored fields a plan reads. */
export const PLANNED_FIELDS = [
  'name',
  'image',
  'parent',
  'properties',
  'sequence',
  'version',
  'createdAt',
] as const;
export type StoredItem = Pick<ItemDocument, '_id' | (typeof PLANNED_FIELDS)[number]>;

export type WritePlan =
  | { kind: 'create'; document: ItemDocument; change: ItemChange }
  | { kind: 'update'; operation: ItemUpsert; change: ItemChange | null }
  | { kind: 'skip' };

/** A new item, at the version after the one its deletion left (if any). */
function creationPlan(
  scope: ContentTypeScope,
  received: ReceivedWrite,
  now: Date,
  deletedAtVersion = 0,
): Extract<WritePlan, { kind: 'create' }> {
  const version = deletedAtVersion + 1;
  const document = newItemDocument(scope, received, now, version);
  return { kind: 'create', document, change: changeOf('created', received.write, version) };
}

/** Decided by the write's own receipt: the writes of one call may come from several requests. */
export function planWrite(
  scope: ContentTypeScope,
  received: ReceivedWrite,
  stored: StoredItem | undefined,
  now: Date,
  deletedAtVersion = 0,
): WritePlan {
  if (!stored) return creationPlan(scope, received, now, deletedAtVersion);
  const { write, receipt } = received;
  if (stored.sequence > receipt.sequence) return { kind: 'skip' };
  const after = contentAfter(stored, write);
  if (sameContent(stored, after)) {
    const { receivedAt, sequence } = receipt;
    const filter = { _id: itemId(scope, write.identifier) };
    const $set = { receivedAt, sequence, funnelId: write.funnelId };
    const operation = { updateOne: { filter, update: { $set } } };
    return { kind: 'update', operation, change: null };
  }
  const version = stored.version + 1;
  const bytes = bsonSize({ ...newItemDocument(scope, received, now, version), ...after });
  if (bytes > MAX_ITEM_BYTES) throw new ItemTooLargeError(write.identifier, bytes, MAX_ITEM_BYTES);
  const operation = itemUpsert(scope, received, now, version);
  const change = { ...changeOf('updated', write, version), diff: itemDiff(stored, after) };
  return { kind: 'update', operation, change };
}

function changeOf(event: 'created' | 'updated', write: ItemWrite, version: number): ItemChange {
  return { event, identifier: write.identifier, version };
}

/**
 * One item as a request writes it, and the two shapes it is sent to the store in: a whole new
 * document (an insert) and an upsert by `_id` that sets the mapped fields and leaves the others.
 */
import type { mongo } from 'mongoose';
import { documentId } from '../domain/names';
import type { Receipt } from '../redis/receipt-sequence';
import type { ItemDocument } from './item';

export interface ItemWrite {
  identifier: string;
  set: { name?: unknown; image?: unknown; parent?: unknown; properties: Record<string, unknown> };
  unset: { readonly fields: readonly string[]; readonly properties: readonly string[] };
  /** The stable id of the funnel writing it: a full sync deletes only its own funnel's items. */
  funnelId: string;
}

/** The content type a request writes to. */
export interface ContentTypeScope {
  tenant: string;
  contentType: string;
}

/**
 * One item's write and the receipt of the request that sent it: the writes of several requests
 * go to the store together, each ordered by its own request's sequence.
 */
export interface ReceivedWrite {
  write: ItemWrite;
  receipt: Receipt;
}

export type ItemOperation = mongo.AnyBulkWriteOperation<ItemDocument>;
export type ItemUpsert = { updateOne: mongo.UpdateOneModel<ItemDocument> };

export const itemId = (scope: ContentTypeScope, identifier: string): string =>
  documentId(scope.tenant, scope.contentType, identifier);

/** `version`: the item's count of changes, its creation included; `now`: when it is written. */
export function newItemDocument(
  scope: ContentTypeScope,
  { write, receipt }: ReceivedWrite,
  now: Date,
  version: number,
): ItemDocument {
  const { properties, ...fields } = write.set;
  return {
    _id: itemId(scope, write.identifier),
    ...scope,
    identifier: write.identifier,
    identifierLower: write.identifier.toLowerCase(),
    ...(fields as Pick<ItemDocument, 'name' | 'image' | 'parent'>),
    properties,
    createdAt: now,
    updatedAt: now,
    receivedAt: receipt.receivedAt,
    sequence: receipt.sequence,
    version,
    funnelId: write.funnelId,
  };
}

/** `version`: the item's count of changes after this write; `now`: when it is written. */
export function itemUpsert(
  scope: ContentTypeScope,
  { write, receipt }: ReceivedWrite,
  now: Date,
  version: number,
): ItemUpsert {
  const { properties, ...fields } = write.set;
  const set: Record<string, unknown> = {
    ...scope,
    identifier: write.identifier,
    identifierLower: write.identifier.toLowerCase(),
    updatedAt: now,
    receivedAt: receipt.receivedAt,
    sequence: receipt.sequence,
    version,
    ...fields,
    funnelId: write.funnelId,
  };
  for (const [key, value] of Object.entries(properties)) set[`properties.${key}`] = value;
  const unset: Record<string, ''> = {};
  for (const field of write.unset.fields) unset[field] = '';
  for (const key of write.unset.properties) unset[`properties.${key}`] = '';
  return {
    updateOne: {
      filter: { _id: itemId(scope, write.identifier) },
      update: {
        $set: set,
        ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
        $setOnInsert: { createdAt: now },
      },
      upsert: true,
    },
  };
}

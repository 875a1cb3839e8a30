/**
 * An item whose document, as this request would write it, is over MAX_ITEM_BYTES fails like any
 * invalid item: under the label of its largest field, so that the sender knows what to shorten.
 * Measured once every value is known (after mapping and lazy resolution, which fix the `_id`) and
 * before references are checked, so that an item referring to one that fails fails too.
 */
import { bsonSize, MAX_ITEM_BYTES } from '../items/item-size';
import { newItemDocument, type ContentTypeScope } from '../items/item-documents';
import type { ContentType } from '../domain/content-type';
import type { MappedItem } from '../domain/mapper';
import { MESSAGES } from '../domain/messages';
import { ownRecord } from '../domain/own-record';
import { systemFieldSpec } from '../domain/system-fields';
import type { Receipt } from '../redis/receipt-sequence';

/**
 * More than the fields the store adds to an item's values ever take: `_id`, `identifier` and
 * `identifierLower` (an identifier is at most 256 code points), names of at most 63 characters,
 * the funnel's id, dates and numbers.
 */
const STORE_FIELDS_BOUND = 16 * 1024;

export interface SizeScope {
  tenant: string;
  contentType: ContentType;
  funnelId: string;
  receipt: Receipt;
}

/** The label and BSON size of the item's largest value. */
function largestField(
  item: MappedItem,
  contentType: ContentType,
): { label: string; bytes: number } {
  let largest = { label: '', bytes: -1 };
  const { properties, ...fields } = item.set;
  for (const [field, value] of Object.entries(fields)) {
    const bytes = bsonSize({ [field]: value });
    const spec = systemFieldSpec(contentType.kind, field as 'name' | 'image' | 'parent');
    if (bytes > largest.bytes) largest = { label: spec?.label ?? field, bytes };
  }
  for (const [key, value] of Object.entries(properties)) {
    const bytes = bsonSize({ [key]: value });
    const label = contentType.properties.find((property) => property.key === key)?.label ?? key;
    if (bytes > largest.bytes) largest = { label, bytes };
  }
  return largest;
}

/** The items, those over the limit with an error added; the same array when none is. */
export function failOversizedItems(items: MappedItem[], scope: SizeScope): MappedItem[] {
  const documentScope: ContentTypeScope = {
    tenant: scope.tenant,
    contentType: scope.contentType.key,
  };
  const { receipt } = scope;
  const now = new Date();
  let checked: MappedItem[] | undefined;
  items.forEach((item, index) => {
    // A failed item is not written; an identifier is what every valid item has.
    if (Object.keys(item.errors).length > 0 || item.identifier === undefined) return;
    const { identifier, set, unset } = item;
    // The values alone, first: the whole document is built and measured only near the limit.
    if (bsonSize(set) <= MAX_ITEM_BYTES - STORE_FIELDS_BOUND) return;
    const received = { write: { identifier, set, unset, funnelId: scope.funnelId }, receipt };
    const bytes = bsonSize(newItemDocument(documentScope, received, now, 1));
    if (bytes <= MAX_ITEM_BYTES) return;
    const field = largestField(item, scope.contentType);
    const errors = ownRecord<string>();
    errors[field.label] = MESSAGES.itemTooLarge(bytes, MAX_ITEM_BYTES, field.bytes);
    checked ??= [...items];
    checked[index] = { ...item, errors };
  });
  return checked ?? items;
}

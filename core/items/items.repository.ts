/**
 * Reading the items of a content type. Items live under `_id` tenant:contentType:identifier, so one
 * content type is one `_id` range, read by the `_id` index.
 */
import { z } from 'zod';
import { documentId } from '../domain/names';
import type { ItemCollections } from './item-collections';
import type { ItemDocument } from './item';
import { prefixSuccessor } from './identifier-prefix';
import { decodeCursor, encodeCursor, InvalidCursorError, type Page } from '../mongo/page-cursor';

export interface ItemListOptions {
  limit: number;
  /** The `nextCursor` of the previous page; the list goes on after the item it names. */
  after?: string;
  /** Only the items whose identifier starts with it. */
  prefix?: string;
}

/** A page ends at an item; the next starts after its `_id`. */
const positionSchema = z.object({ id: z.string() });

/**
 * The `_id` range of a content type: [`t:ct:`, `t:ct;`). Tenants and content type keys cannot
 * hold ":", and ";" is the character after ":", so no other content type falls inside.
 */
function idRange(tenant: string, contentType: string): { first: string; end: string } {
  const first = documentId(tenant, contentType, '');
  return { first, end: `${first.slice(0, -1)};` };
}

/** The `_id` range of the content type's items whose identifier starts with `prefix`. */
function prefixRange(tenant: string, contentType: string, prefix: string) {
  const { first, end } = idRange(tenant, contentType);
  const successor = prefixSuccessor(prefix);
  return { first: first + prefix, end: successor === null ? end : first + successor, owner: first };
}

export class ItemsRepository {
  constructor(private readonly db: Pick<ItemCollections, 'items'>) {}

  async find(
    tenant: string,
    contentType: string,
    identifier: string,
  ): Promise<ItemDocument | null> {
    return this.db.items.findOne({ _id: documentId(tenant, contentType, identifier) });
  }

  /**
   * Items in `_id` order, which within one content type is identifier order. Keyset paging: an
   * item is never skipped or repeated while others are written, as an offset would.
   * Throws InvalidCursorError for a cursor that is not one of this list's.
   */
  async list(
    tenant: string,
    contentType: string,
    options: ItemListOptions,
  ): Promise<Page<ItemDocument>> {
    const { first, end, owner } = prefixRange(tenant, contentType, options.prefix ?? '');
    // With a cursor both bounds hold: one from a list of another prefix never leaves the range.
    let lower: { $gte: string; $gt?: string } = { $gte: first };
    if (options.after !== undefined) {
      const { id } = decodeCursor(options.after, positionSchema);
      if (!id.startsWith(owner)) throw new InvalidCursorError();
      lower = { $gte: first, $gt: id };
    }
    // One more than asked tells whether a next page exists without a trailing empty page.
    const documents = await this.db.items
      .find({ _id: { ...lower, $lt: end } })
      .sort({ _id: 1 })
      .limit(options.limit + 1)
      .toArray();
    const items = documents.slice(0, options.limit);
    const last = items.at(-1);
    const more = documents.length > options.limit && last !== undefined;
    return { items, nextCursor: more ? encodeCursor({ id: last._id }) : null };
  }
}

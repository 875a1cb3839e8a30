/**
 * How many items a resync sends: those of the export's content types, counted by the dispatch
 * when the resync begins reading them. The count walks every item's key, which for a large
 * tenant is no work to do under an HTTP request (docs/export.md#replay-and-resync).
 */
import { documentId } from '../../domain/names';
import type { ItemCollections } from '../../items/item-collections';

export async function resyncTotal(
  db: ItemCollections,
  tenant: string,
  contentTypes: readonly string[],
): Promise<number> {
  let total = 0;
  for (const contentType of contentTypes) {
    // Item ids are tenant:contentType:identifier; `;` sorts right after `:`.
    const first = documentId(tenant, contentType, '');
    total += await db.items.countDocuments({
      _id: { $gte: first, $lt: `${first.slice(0, -1)};` },
    });
  }
  return total;
}

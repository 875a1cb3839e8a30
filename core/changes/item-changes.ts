/**
 * One item's recent records in the change log, newest first: what its versions were and when.
 * Found by the multikey index on the identifiers of a batch's entries, so that an item's page
 * reads a few batches rather than the tenant's whole log; a record's `seq` is its batch's first
 * number plus its place in the batch.
 */
import { z } from 'zod';
import type { ChangeCollections } from './change-collections';
import { changeEventSchema } from './change-record';

export const itemChangeViewSchema = z.object({
  seq: z.number().int().positive(),
  event: changeEventSchema,
  version: z.number().int().positive(),
  at: z.string(),
});
export type ItemChangeView = z.infer<typeof itemChangeViewSchema>;

export async function recentItemChanges(
  db: ChangeCollections,
  scope: { tenant: string; contentType: string; identifier: string },
  limit: number,
): Promise<ItemChangeView[]> {
  const { tenant, contentType, identifier } = scope;
  // A batch may hold several records of the item: `limit` batches hold `limit` records at least.
  const batches = await db.changes
    .find({ tenant, contentType, 'entries.identifier': identifier })
    .sort({ lastSeq: -1 })
    .limit(limit)
    .toArray();
  const changes = batches.flatMap((batch) =>
    batch.entries.flatMap((entry, i) =>
      entry.identifier === identifier
        ? [
            {
              seq: batch.firstSeq + i,
              event: entry.event,
              version: entry.version,
              at: batch.at.toISOString(),
            },
          ]
        : [],
    ),
  );
  return changes.sort((a, b) => b.seq - a.seq).slice(0, limit);
}

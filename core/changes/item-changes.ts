/**
 * One item's recent records in the change log, newest first: what its versions were, when, and
 * what each update changed. Found by the multikey index on the identifiers of a batch's entries,
 * so that an item's page reads a few batches rather than the tenant's whole log; a record's `seq`
 * is its batch's first number plus its place in the batch. The updates' diffs are one more read,
 * by `_id` (change-diffs.ts).
 */
import { z } from 'zod';
import { fieldChangeSchema, itemDiffSchema, type ItemDiff } from '../items/item-diff';
import type { ChangeCollections } from './change-collections';
import { recordedDiffs } from './change-diffs';
import { changeEventSchema } from './change-record';

const fieldChangeViewSchema = fieldChangeSchema.extend({
  label: z.string().describe("The field's label in the content type now (its key if it has none)"),
});

const itemDiffViewSchema = itemDiffSchema.extend({ fields: z.array(fieldChangeViewSchema) });
type ItemDiffView = z.infer<typeof itemDiffViewSchema>;

export const itemChangeViewSchema = z.object({
  seq: z.number().int().positive(),
  event: changeEventSchema,
  version: z.number().int().positive(),
  at: z.string(),
  diff: itemDiffViewSchema
    .nullable()
    .describe(
      "An update's changed fields, before and after; null for a creation or a deletion, and " +
        'once the history’s retention has let the diff go',
    ),
});
export type ItemChangeView = z.infer<typeof itemChangeViewSchema>;

/** `labelOf`: a field's label for people (core/domain/field-label.ts). */
export async function recentItemChanges(
  db: ChangeCollections,
  scope: { tenant: string; contentType: string; identifier: string },
  limit: number,
  labelOf: (field: string) => string,
): Promise<ItemChangeView[]> {
  const { tenant, contentType, identifier } = scope;
  // A batch may hold several records of the item: `limit` batches hold `limit` records at least.
  const batches = await db.changes
    .find({ tenant, contentType, 'entries.identifier': identifier })
    .sort({ lastSeq: -1 })
    .limit(limit)
    .toArray();
  const records = batches
    .flatMap((batch) =>
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
    )
    .sort((a, b) => b.seq - a.seq)
    .slice(0, limit);
  const updates = records.filter((record) => record.event === 'updated');
  const diffs = await recordedDiffs(
    db,
    tenant,
    updates.map((record) => record.seq),
  );
  return records.map((record) => {
    const diff = diffs.get(record.seq);
    return { ...record, diff: diff ? labelled(diff, labelOf) : null };
  });
}

function labelled(diff: ItemDiff, labelOf: (field: string) => string): ItemDiffView {
  return {
    fields: diff.fields.map((change) => ({ ...change, label: labelOf(change.field) })),
    omitted: diff.omitted,
  };
}

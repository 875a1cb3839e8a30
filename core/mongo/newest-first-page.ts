/**
 * A page of a tenant's documents, newest first by a date field: the cursor names the last document
 * of the page before by its date and `_id`, so documents of the same date are neither skipped nor
 * repeated, and one document more than asked tells whether a next page exists.
 */
import type { mongo } from 'mongoose';
import { z } from 'zod';
import { documentId } from '../domain/names';
import { decodeCursor, encodeCursor, InvalidCursorError, type Page } from './page-cursor';

const positionSchema = z.object({
  at: z.number().int().min(-8.64e15).max(8.64e15),
  id: z.string(),
});

/** Throws InvalidCursorError for a cursor this list did not answer, or another tenant's. */
export async function newestFirstPage<T extends { _id: string }>(
  collection: mongo.Collection<T>,
  scope: { tenant: string; filter: mongo.Filter<T>; dateField: keyof T & string },
  options: { limit: number; cursor?: string },
): Promise<Page<T>> {
  const { tenant, dateField } = scope;
  const filter: Record<string, unknown> = { ...scope.filter };
  if (options.cursor !== undefined) {
    const { at, id } = decodeCursor(options.cursor, positionSchema);
    if (!id.startsWith(documentId(tenant, ''))) throw new InvalidCursorError();
    const date = new Date(at);
    filter.$or = [{ [dateField]: { $lt: date } }, { [dateField]: date, _id: { $lt: id } }];
  }
  const documents = (await collection
    .find(filter as mongo.Filter<T>)
    .sort({ [dateField]: -1, _id: -1 })
    .limit(options.limit + 1)
    .toArray()) as T[];
  const items = documents.slice(0, options.limit);
  const last = items.at(-1);
  const more = documents.length > options.limit && last !== undefined;
  return {
    items,
    nextCursor: more
      ? encodeCursor({ at: (last[dateField] as Date).getTime(), id: last._id })
      : null,
  };
}

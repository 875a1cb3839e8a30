/**
 * Opaque list cursors: the sort key of the last record of a page, as base64url JSON. A cursor
 * that does not decode to the expected shape is refused rather than guessed at.
 */
import type { z } from 'zod';

export class InvalidCursorError extends Error {
  constructor() {
    super('The cursor is not valid');
    this.name = 'InvalidCursorError';
  }
}

export function encodeCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeCursor<S extends z.ZodType>(cursor: string, schema: S): z.output<S> {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: not base64url JSON
  }
  throw new InvalidCursorError();
}

/** `{items, nextCursor}`, the answer of every list, so that clients page every list alike. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

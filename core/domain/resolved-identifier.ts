/**
 * An identifier that lazy comparison resolved to another stored one: what the sender sent, and
 * the item the request acted on (written by a POST, deleted by a DELETE). Kept in the history
 * record as a list, never as a map keyed by identifiers: those may hold `$` or `.`
 * (docs/storage.md).
 */
import { z } from 'zod';

export const resolvedIdentifierSchema = z.object({
  /** The identifier as sent (after the identifier mapping's transforms). */
  sent: z.string(),
  /** The stored identifier the item was written to, or deleted under. */
  writtenTo: z.string(),
});
export type ResolvedIdentifier = z.infer<typeof resolvedIdentifierSchema>;

/** The pairs whose identifiers differ, in the order given. */
export function resolvedIdentifiers(
  pairs: Iterable<{ sent: string; writtenTo: string }>,
): ResolvedIdentifier[] {
  const resolved: ResolvedIdentifier[] = [];
  for (const { sent, writtenTo } of pairs) {
    if (sent !== writtenTo) resolved.push({ sent, writtenTo });
  }
  return resolved;
}

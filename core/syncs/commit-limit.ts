/**
 * How much one commit may delete: a count, or a share of the items the funnel wrote. A commit
 * that would delete more deletes nothing, so that a half-finished snapshot cannot empty a catalogue.
 */
import { z } from 'zod';

export const commitLimitSchema = z.union([
  z.strictObject({ maxDeletes: z.number().int().min(0).max(100_000_000) }),
  z.strictObject({ maxDeletePercent: z.number().min(0).max(100) }),
]);
export type CommitLimit = z.infer<typeof commitLimitSchema>;

/** The most items the commit may delete, out of `funnelItems` items the funnel wrote. */
export function allowedDeletes(limit: CommitLimit, funnelItems: number): number {
  return 'maxDeletes' in limit
    ? limit.maxDeletes
    : Math.floor((funnelItems * limit.maxDeletePercent) / 100);
}

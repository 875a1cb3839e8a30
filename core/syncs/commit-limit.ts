/**
 * How much one commit may delete: a count, or a share of the items the funnel wrote. A commit
 * that would delete more deletes nothing, so that a half-finished snapshot cannot empty a catalogue.
 */
import type { z } from 'zod';
import { commitLimitSchema } from '../queue/jobs';

export { commitLimitSchema };
export type CommitLimit = z.infer<typeof commitLimitSchema>;

/** The most items the commit may delete, out of `funnelItems` items the funnel wrote. */
export function allowedDeletes(limit: CommitLimit, funnelItems: number): number {
  return 'maxDeletes' in limit
    ? limit.maxDeletes
    : Math.floor((funnelItems * limit.maxDeletePercent) / 100);
}

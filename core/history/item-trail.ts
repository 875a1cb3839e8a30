/**
 * The recorded requests that named one item, newest first, each with what it did to the item:
 * where an item went, within the history's retention, whether it is still stored or not.
 */
import { z } from 'zod';
import { historyStatusSchema } from './history-record';
import type { HistoryEntry } from './history.repository';
import { itemOutcome, itemOutcomeSchema } from './item-outcome';

export const itemTrailEntrySchema = z.object({
  recordId: z.string(),
  requestId: z.string(),
  endpointUrl: z.string().describe('The endpoint URL the request was sent to'),
  method: z.enum(['POST', 'DELETE']),
  status: historyStatusSchema,
  receivedAt: z.string(),
  message: z.string(),
  dryRun: z.boolean(),
  syncCommit: z.boolean(),
  outcome: itemOutcomeSchema.describe('What the request did to this item'),
});
export type ItemTrailEntry = z.infer<typeof itemTrailEntrySchema>;

/** `endpointUrls`: each funnel's endpoint URL now, by funnel id; the one sent to otherwise. */
export function itemTrailEntry(
  entry: HistoryEntry,
  identifier: string,
  endpointUrls: ReadonlyMap<string, string>,
): ItemTrailEntry {
  return {
    recordId: entry.recordId,
    requestId: entry.requestId,
    endpointUrl: endpointUrls.get(entry.funnelId) ?? entry.endpointUrl,
    method: entry.method,
    status: entry.status,
    receivedAt: entry.receivedAt.toISOString(),
    message: entry.message,
    dryRun: entry.dryRun,
    syncCommit: entry.syncCommit === true,
    outcome: itemOutcome(entry, identifier),
  };
}

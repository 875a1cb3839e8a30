/** What a recorded request did to one item it named: the answer to "where did my item go?". */
import { z } from 'zod';
import type { HistoryEntry } from './history.repository';

export const itemOutcomeSchema = z.enum(['written', 'deleted', 'not-found', 'failed', 'named']);
export type ItemOutcome = z.infer<typeof itemOutcomeSchema>;

/** `named`: the request named it and did nothing to it yet (queued, or a dry run's write). */
export function itemOutcome(
  entry: Pick<
    HistoryEntry,
    'successIds' | 'resolved' | 'deletedIds' | 'notFoundIds' | 'errors' | 'dryRun'
  >,
  identifier: string,
): ItemOutcome {
  if (entry.dryRun) return 'named';
  if (entry.errors.some(({ key }) => key === identifier)) return 'failed';
  if (entry.deletedIds.includes(identifier)) return 'deleted';
  if (entry.resolved.some(({ sent, writtenTo }) => writtenTo === identifier && sent !== identifier))
    return 'written';
  if (entry.successIds.includes(identifier)) return 'written';
  if (entry.notFoundIds.includes(identifier)) return 'not-found';
  return 'named';
}

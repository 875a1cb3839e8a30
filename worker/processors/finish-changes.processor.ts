/** Records the changes that writers which died left unfinished, where nobody wrote since. */
import type { Processor } from './processor';

/** A writer this long gone is not merely slow: its lock's lease ran out long before. */
const ABANDONED_AFTER_MS = 60_000;

export const finishChangesProcessor: Processor<'finish-changes'> = async (_data, context) => {
  const finished = await context.items.finishAbandonedChanges(ABANDONED_AFTER_MS);
  if (finished > 0) context.logger.warn({ finished }, 'changes left by a dead writer recorded');
  return { finished };
};

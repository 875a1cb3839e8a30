/** Deletes expired history records: the TTL index's work, where the server has none. */
import type { Processor } from './processor';

export const purgeHistoryProcessor: Processor<'purge-history'> = async (_data, context) => {
  const deleted = await context.history.purgeExpired(new Date());
  context.logger.info({ deleted }, 'expired history purged');
  return { deleted };
};

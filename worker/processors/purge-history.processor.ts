/** Deletes expired history records: the TTL index's work, where the server has none. */
import { collections } from '../../core/store/collections';
import type { Processor } from '../../core/ingest/ingest-context';

export const purgeHistoryProcessor: Processor<'purge-history'> = async (_data, context) => {
  const result = await collections(context.mongo).history.deleteMany({
    expiresAt: { $lt: new Date() },
  });
  context.logger.info({ deleted: result.deletedCount }, 'expired history purged');
  return { deleted: result.deletedCount };
};

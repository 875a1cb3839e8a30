/** Deletes the documents past their expiry: the TTL indexes' work, where the engine has none. */
import type { Processor } from './processor';

export const purgeExpiredProcessor: Processor<'purge-expired'> = async (_data, context) => {
  const deleted = await context.purgeExpired(new Date());
  context.logger.info({ deleted }, 'expired documents purged');
  return { deleted };
};

/**
 * A worker that takes a content type's write lock and keeps it until it is killed: run as a
 * process of its own by write-lock.test.ts. Prints `held` once the lock is taken. It finds the
 * test run's Redis in the environment it inherits.
 */
import { redisWriteLock } from '../../../../core/items/write-lock';
import { createLogger } from '../../../../core/platform/logger';
import { testKeys, testRedis } from '../../../support/test-env';

const [prefix, tenant, contentType] = process.argv.slice(2) as [string, string, string];
const lock = redisWriteLock(
  testRedis('holder'),
  testKeys(prefix),
  createLogger('holder', 'silent'),
);
void lock.around(tenant, contentType, () => {
  process.stdout.write('held\n');
  return new Promise<never>(() => undefined);
});

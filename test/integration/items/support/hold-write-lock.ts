/**
 * A worker that takes a content type's write lock and keeps it until it is killed: run as a
 * process of its own by write-lock.test.ts. Prints `held` once the lock is taken.
 */
import { Redis } from 'ioredis';
import { redisWriteLock } from '../../../../core/items/write-lock';
import { createLogger } from '../../../../core/platform/logger';

const [redisUrl, prefix, tenant, contentType] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const lock = redisWriteLock(new Redis(redisUrl), prefix, createLogger('holder', 'silent'));
void lock.around(tenant, contentType, () => {
  process.stdout.write('held\n');
  return new Promise<never>(() => undefined);
});

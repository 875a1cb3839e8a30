/**
 * Starts the engines once for the whole test run, unless REDIS_URL and MONGO_URL name servers
 * the caller runs. Test files isolate themselves with their own database and queue prefix.
 */
import { startLocalEngines, type LocalEngines } from '../../scripts/local-engines';

declare global {
  var __FUNNEL_SYNC_ENGINES__: LocalEngines | undefined;
}

export default async function globalSetup(): Promise<void> {
  if (process.env.REDIS_URL && process.env.MONGO_URL) {
    process.env.TEST_ENGINE_NAME ??= 'external';
    return;
  }
  const engines = await startLocalEngines({ database: 'funnel-sync-test' });
  globalThis.__FUNNEL_SYNC_ENGINES__ = engines;
  process.env.REDIS_URL = engines.redisUrl;
  process.env.MONGO_URL = engines.mongoUrl;
  process.env.TEST_ENGINE_NAME = engines.engineName;
  console.log(
    `\n[test engines] redis ${engines.redisUrl}, ${engines.engineName} ${engines.mongoUrl}`,
  );
}

/**
 * Before a worker builds anything, Redis and MongoDB must answer. Its own connections retry
 * without end (they ride out a restart while running), so without this check a worker started
 * against an engine that is not there would wait unseen instead of saying so and exiting.
 */
import { Redis } from 'ioredis';
import type { WorkerConfig } from '../core/platform/config';
import { connectMongo } from '../core/mongo/connection';
import { summarizeError } from '../core/platform/error-summary';

const REDIS_CONNECT_TIMEOUT_MS = 3_000;

/** The host list of a URL, without its credentials, path or options. */
function hostsOf(url: string): string {
  return /^[a-z+]+:\/\/(?:[^@/]*@)?([^/?]*)/i.exec(url)?.[1] ?? 'an unreadable URL';
}

async function pingRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    connectionName: 'funnel-sync:worker-start-check',
  });
  // connect() rejects with "Connection is closed."; the reason is the error event before it
  // (unheard, ioredis would print it to stderr).
  let reason: unknown;
  redis.on('error', (error) => (reason ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw reason ?? error;
  } finally {
    redis.disconnect();
  }
}

async function pingMongo(url: string): Promise<void> {
  const connection = await connectMongo(url, 'funnel-sync-worker-start-check');
  await connection.close();
}

/** Why `probe` fails, or undefined when it answers. */
async function failureOf(name: string, probe: Promise<void>): Promise<string | undefined> {
  try {
    await probe;
    return undefined;
  } catch (error) {
    return `${name} does not answer (${summarizeError(error).reason})`;
  }
}

/** Resolves once both answer; otherwise rejects with one error naming each that does not. */
export async function checkEnginesAnswer(
  config: Pick<WorkerConfig, 'REDIS_URL' | 'MONGO_URL'>,
): Promise<void> {
  const failures = await Promise.all([
    failureOf(`Redis at ${hostsOf(config.REDIS_URL)}`, pingRedis(config.REDIS_URL)),
    failureOf(`MongoDB at ${hostsOf(config.MONGO_URL)}`, pingMongo(config.MONGO_URL)),
  ]);
  const said = failures.filter((failure): failure is string => failure !== undefined);
  if (said.length > 0) throw new Error(`cannot start: ${said.join('; ')}`);
}

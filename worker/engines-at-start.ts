/**
 * Before a worker builds anything, Redis and MongoDB must answer, and Redis must pass the
 * start-up check (core/redis/redis-preflight.ts). Its own connections retry
 * without end (they ride out a restart while running), so without this check a worker started
 * against an engine that is not there would wait unseen instead of saying so and exiting.
 */
import type { WorkerConfig } from '../core/platform/config';
import { connectMongo } from '../core/mongo/connection';
import { summarizeError } from '../core/platform/error-summary';
import { redisTopology } from '../core/platform/redis-topology';
import { KeySpace } from '../core/redis/key-space';
import { checkRedis } from '../core/redis/redis-preflight';

/** The host list of a URL, without its credentials, path or options. */
function hostsOf(url: string): string {
  return /^[a-z+]+:\/\/(?:[^@/]*@)?([^/?]*)/i.exec(url)?.[1] ?? 'an unreadable URL';
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
export async function checkEnginesAnswer(config: WorkerConfig): Promise<void> {
  const keys = new KeySpace(config.QUEUE_PREFIX, config.QUEUE_SHARDS);
  const failures = await Promise.all([
    // Says itself which Redis, and what is wrong with it.
    checkRedis(redisTopology(config), keys).then(
      () => undefined,
      (error: unknown) => summarizeError(error).reason,
    ),
    failureOf(`MongoDB at ${hostsOf(config.MONGO_URL)}`, pingMongo(config.MONGO_URL)),
  ]);
  const said = failures.filter((failure): failure is string => failure !== undefined);
  if (said.length > 0) throw new Error(`cannot start: ${said.join('; ')}`);
}

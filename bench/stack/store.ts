/**
 * The benchmark's own way into the product's store and queue, and the one file of bench/stack/
 * that imports core/: its connection, emptying what the scenarios write between runs, a tenant's
 * first token, and how many funnel requests are waiting on the queue.
 */
import { Queue } from 'bullmq';
import { mongo as driver } from 'mongoose';
import { bootstrapTenant } from '../../core/auth/bootstrap';
import { openStorageEngine } from '../../core/storage/engines/open-storage-engine';
import { connectMongo } from '../../core/mongo/connection';
import { FUNNEL_QUEUE } from '../../core/queue/queue-names';
import { KeySpace } from '../../core/redis/key-space';
import { collections } from '../../core/storage/collections';
import type { Engines } from './engines';

export interface Store {
  /**
   * Drops the items, their change log and the request history, and makes their indexes again,
   * so that each run meets the same state. The content
   * type's identifier statistics (item_stats) stay, as for any content type in use: concurrent
   * first requests to a content type race to create that document (target.ts primes it once,
   * alone).
   */
  reset(): Promise<void>;
  /**
   * The documents the product wrote beside its items since the last reset (its change log and
   * its history records), as extended JSON: what the
   * write floor writes beside the same items to show what they cost (bench/floor/floor.ts).
   */
  recordsBesideItems(): Promise<string>;
  /** A tenant with its first user, and a token with every ability (as `npm run cli bootstrap`). */
  bootstrap(tenant: string, jwtSecret: string): Promise<string>;
  /** Funnel requests queued and not yet taken by a worker: waiting, prioritized or parked. */
  queuedRequests(): Promise<number>;
  /** Queued, or running. */
  unfinishedRequests(): Promise<number>;
  close(): Promise<void>;
}

export async function openStore(engines: Engines): Promise<Store> {
  const mongo = await connectMongo(engines.mongoUrl, 'bench');
  const db = collections(mongo);
  const engine = await openStorageEngine(mongo);
  // As a deploy does, before the processes start: they only check for them.
  await engine.createIndexes(db);
  // Made when first asked: a stack on a Redis Cluster has no single REDIS_URL to open it on.
  // The stack runs one queue shard (QUEUE_SHARDS unset), whose keys carry its hash tag.
  let opened: Queue | undefined;
  const keys = new KeySpace(engines.queuePrefix, 1);
  const funnelQueue = () =>
    (opened ??= new Queue(FUNNEL_QUEUE, {
      connection: { url: engines.redisUrl },
      prefix: keys.ofShard(keys.shards.first),
    }));
  const queuedRequests = async () => {
    const queue = funnelQueue();
    const counts = await queue.getJobCounts('waiting', 'prioritized');
    // Requests parked as delayed jobs; the hourly history purge waits there too.
    const parked = (await queue.getJobs(['delayed'])).filter((job) => job.name === 'ingest');
    return (counts.waiting ?? 0) + (counts.prioritized ?? 0) + parked.length;
  };
  return {
    async reset() {
      await Promise.all(
        [db.items, db.history, db.changes].map((collection) =>
          collection.drop().catch(() => undefined),
        ),
      );
      await engine.createIndexes(db);
    },
    async recordsBesideItems() {
      const [changes, history] = await Promise.all(
        [db.changes, db.history].map((collection) => collection.find().toArray()),
      );
      return driver.BSON.EJSON.stringify({ changes, history });
    },
    async bootstrap(tenant, jwtSecret) {
      const email = `bench@${tenant}.test`;
      return (await bootstrapTenant(db, jwtSecret, { tenant, email, tokenName: 'bench' })).token;
    },
    queuedRequests,
    unfinishedRequests: async () =>
      (await queuedRequests()) + (await funnelQueue().getActiveCount()),
    async close() {
      await opened?.close();
      await mongo.close();
    },
  };
}

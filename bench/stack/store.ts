/**
 * The benchmark's own way into the product's store and queue, and the one file of bench/stack/
 * that imports core/: its connection, emptying what the scenarios write between runs, a tenant's
 * first token, and how many funnel requests are waiting on the queue.
 */
import { Queue } from 'bullmq';
import { mongo as driver } from 'mongoose';
import { bootstrapTenant } from '../../core/auth/bootstrap';
import { openStorageEngine } from '../../core/storage/engines/open-storage-engine';
import { createLogger } from '../../core/platform/logger';
import { connectMongo, databaseOf } from '../../core/mongo/connection';
import { FUNNEL_QUEUE } from '../../core/queue/queue-names';
import { KeySpace } from '../../core/redis/key-space';
import { collections } from '../../core/storage/collections';
import type { Engines } from './engines';

const silent = createLogger('bench', 'silent');

/**
 * FerretDB v1 on SQLite may refuse to make a dropped collection's index again while another
 * connection reads its collections, as the product's processes do all along (docs/storage.md):
 * the reset then drops them and tries again. Three attempts were enough in 600 rounds.
 */
const INDEX_LEFT_BEHIND = /index \S+ already exists/;
const RESET_ATTEMPTS = 5;

export interface Store {
  /**
   * Drops the items, their change log and the request history, and makes their indexes again:
   * on FerretDB v1 a read by anything but `_id` decodes the whole collection, so without this
   * each run would cost more than the one before. (Emptying them instead takes seconds, and
   * FerretDB v1 cannot delete more than about 32,000 documents in one command.) The content
   * type's identifier statistics (item_stats) stay, as for any content type in use: concurrent
   * first requests to a content type race to create that document (target.ts primes it once,
   * alone).
   */
  reset(): Promise<void>;
  /**
   * The documents the product wrote beside its items since the last reset (its change log, the
   * log's head where the engine keeps one, its history records), as extended JSON: what the
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
  const changeHeads = () => databaseOf(mongo).collection('change_heads');
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
      for (let attempt = 1; ; attempt += 1) {
        // With the change log goes the FerretDB adapter's hint of its last number, where there is one.
        await Promise.all(
          [db.items, db.history, db.changes, changeHeads()].map((collection) =>
            collection.drop().catch(() => undefined),
          ),
        );
        try {
          await engine.ensureIndexes(db, silent);
          return;
        } catch (error) {
          const leftBehind = error instanceof Error && INDEX_LEFT_BEHIND.test(error.message);
          if (!leftBehind || attempt >= RESET_ATTEMPTS) throw error;
        }
      }
    },
    async recordsBesideItems() {
      const [changes, heads, history] = await Promise.all(
        [db.changes, changeHeads(), db.history].map((collection) => collection.find().toArray()),
      );
      return driver.BSON.EJSON.stringify({ changes, changeHeads: heads, history });
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

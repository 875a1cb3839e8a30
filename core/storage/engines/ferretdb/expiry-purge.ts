/**
 * The removal of documents whose `expiresAt` has passed, which FerretDB v1 has no TTL index for:
 * the worker's hourly purge runs this over every collection that a TTL index expires on MongoDB
 * (core/storage/indexes.ts). A document whose `expiresAt` is null never expires: a date comparison
 * does not match null.
 */
import type { Collections } from '../../collections';
import { SERVICE_INDEXES } from '../../indexes';

const EXPIRING = [
  ...new Set(SERVICE_INDEXES.filter((index) => index.expires).map((index) => index.collection)),
];

/** Deletes what expired before `now`, one deleteMany per collection; answers how many. */
export async function purgeExpired(db: Collections, now: Date): Promise<number> {
  let deleted = 0;
  for (const name of EXPIRING) {
    const collection = db[name] as Collections['history'];
    deleted += (await collection.deleteMany({ expiresAt: { $lt: now } })).deletedCount;
  }
  return deleted;
}

/**
 * What a deploy runs before a version's API and workers start (`npm run cli -- indexes create`),
 * for the tools that start them on a database of their own: `npm run dev`, the tests, the bench,
 * soak and fuzz. The processes only check for the indexes (core/storage/required-indexes.ts).
 */
import { connectMongo } from '../../core/mongo/connection';
import { collections } from '../../core/storage/collections';
import { openStorageEngine } from '../../core/storage/engines/open-storage-engine';

export async function createServiceIndexes(mongoUrl: string): Promise<void> {
  const mongo = await connectMongo(mongoUrl, 'funnel-sync-indexes');
  try {
    const engine = await openStorageEngine(mongo);
    await engine.createIndexes(collections(mongo));
  } finally {
    await mongo.close();
  }
}

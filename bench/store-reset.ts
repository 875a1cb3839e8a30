/**
 * Empties what the scenarios write (the items, their change log and the request history) before
 * each measured run, and puts the indexes back. On FerretDB v1 a lookup or an update that is not a pure insert reads
 * the whole collection, so without this every run would cost more than the one before it and a
 * median would mean little; scenario "store size" measures that effect on purpose instead.
 *
 * The content type's identifier statistics (item_stats) stay, as they do for any content type in
 * use: on FerretDB v1, concurrent first requests to a content type race to create that document,
 * the losers fail with E11000 and are retried, and a retry updates every item the first attempt
 * inserted, one full scan each (minutes for 1,000 items). prepareTarget's priming request creates
 * it once, alone; the race itself is reported with the results, not measured as throughput.
 */
import type { Connection } from 'mongoose';
import { collections } from '../core/storage/collections';
import { openStorageEngine } from '../core/storage/engines/open-storage-engine';
import { createLogger } from '../core/platform/logger';
import { databaseOf } from '../core/mongo/connection';

const silent = createLogger('bench', 'silent');

export async function resetStore(mongo: Connection): Promise<void> {
  const db = collections(mongo);
  // With the change log goes the FerretDB adapter's hint of its last number, where there is one.
  const heads = databaseOf(mongo).collection('change_heads');
  await Promise.all(
    [db.items, db.history, db.changes, heads].map((collection) =>
      collection.drop().catch(() => undefined),
    ),
  );
  await (await openStorageEngine(mongo)).ensureIndexes(db, silent);
}

/** How many items the store holds. */
export async function storedItems(mongo: Connection): Promise<number> {
  return collections(mongo).items.estimatedDocumentCount();
}

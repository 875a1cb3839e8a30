/**
 * One chunk of a large POST: its writes, decided for the whole request by the request's job, are
 * read from Redis and upserted under the request's receive time. Running it again (after a crash
 * or a failed attempt) writes the same values again, so no item is written twice over.
 */
import { UnrecoverableError } from 'bullmq';
import { collections } from '../../core/store/collections';
import { ItemStore } from '../../core/items/item-store';
import type { Processor } from '../../core/ingest/ingest-context';

export const ingestChunkProcessor: Processor<'ingest-chunk'> = async (data, context) => {
  const writes = await context.chunkPlans.chunk(data.planKey, data.chunk);
  // Gone only past the plan's expiry: trying again would not bring it back.
  if (!writes) throw new UnrecoverableError(`The writes of chunk ${data.chunk} are gone`);
  context.signal.throwIfAborted();
  const store = new ItemStore(collections(context.mongo), context.engine, context.writeLock);
  await store.upsert(data.tenant, data.contentType, writes, new Date(data.receivedAt));
  return { written: writes.length };
};

/**
 * One chunk of a large POST: its writes, decided for the whole request by the request's job, are
 * read from Redis and upserted under the request's receive time. Running it again (after a crash
 * or a failed attempt) writes the same values again, so no item is written twice over.
 */
import type { JobResult, ParsedJobData } from '../../queue/jobs';
import type { IngestContext } from '../ingest-context';
import { checkChunkJob } from '../job-trust';
import { receiptOf } from '../../redis/receipt-sequence';

/** The chunk's writes are gone from Redis: only past the plan's expiry, for good. */
export class ChunkGoneError extends Error {
  constructor(chunk: number) {
    super(`The writes of chunk ${chunk} are gone`);
    this.name = 'ChunkGoneError';
  }
}

export async function writeChunk(
  data: ParsedJobData<'ingest-chunk'>,
  context: IngestContext,
): Promise<JobResult<'ingest-chunk'>> {
  checkChunkJob(data, context.jobId, context);
  const writes = await context.chunkPlans.chunk(data.planKey, data.chunk);
  if (!writes) throw new ChunkGoneError(data.chunk);
  context.signal.throwIfAborted();
  const { signal } = context;
  await context.items.upsert(data.tenant, data.contentType, writes, receiptOf(data), { signal });
  return { written: writes.length };
}

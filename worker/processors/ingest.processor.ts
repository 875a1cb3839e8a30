/**
 * One funnel request: load its body, funnel and content type; import or delete; store the
 * history record; answer with the status code and envelope. A POST with more writes than
 * CHUNK_SIZE is written by chunk jobs (worker/chunks/chunked-write.ts) and this job runs again
 * once they are done. Safe to run again after a crash: every write is an idempotent upsert or
 * delete, the history record is replaced, and a chunked request goes on from its last step.
 * When the last attempt fails, the request still gets an answer and a record (ingest/give-up.ts).
 */
import { collections } from '../../core/store/collections';
import type { JobResult, ParsedJobData } from '../../core/queue/jobs';
import { HistoryRepository } from '../../core/history/history.repository';
import { ItemStore } from '../../core/items/item-store';
import { continueChunkedWrite, startChunkedWrite } from '../../core/ingest/chunks/chunked-write';
import { finishRequest } from '../../core/ingest/finish-request';
import { giveUp } from '../../core/ingest/give-up';
import { prepareRequest } from '../../core/ingest/prepare-request';
import { failedRequest } from '../../core/ingest/request-result';
import { parksJob } from '../running-job';
import type { Processor, ProcessorContext } from '../../core/ingest/ingest-context';

async function runRequest(
  data: ParsedJobData<'ingest'>,
  context: ProcessorContext,
): Promise<JobResult<'ingest'>> {
  if (data.chunks) return continueChunkedWrite(data, data.chunks, context);
  const startedAt = Date.now();
  const db = collections(context.mongo);
  if (data.respondAsync)
    await new HistoryRepository(db).markProcessing(data.tenant, data.requestId);
  const [raw, settings] = await Promise.all([
    context.payloads.get(data.payloadKey),
    context.settings.find(data.tenant, data.endpointUrl),
  ]);
  if (!raw) {
    const expired = failedRequest(
      503,
      'The request body expired before a worker took it up; send the request again',
    );
    return finishRequest(data, context, expired, { payload: Buffer.alloc(0), startedAt });
  }
  const store = new ItemStore(db, context.engine, context.writeLock);
  context.signal.throwIfAborted();
  const prepared = await prepareRequest(data, settings, store, raw);
  const { chunkSize } = context;
  if (chunkSize !== undefined && prepared.writes.length > chunkSize) {
    return startChunkedWrite(data, context, prepared, chunkSize, startedAt);
  }
  context.signal.throwIfAborted();
  if (prepared.writes.length > 0) {
    const receivedAt = new Date(data.receivedAt);
    await store.upsert(data.tenant, prepared.contentType, prepared.writes, receivedAt);
  }
  return finishRequest(data, context, prepared.result, { payload: raw, startedAt });
}

export const ingestProcessor: Processor<'ingest'> = async (data, context) => {
  try {
    return await runRequest(data, context);
  } catch (error) {
    // A retry follows, or shutdown hands the job back, or it waits for its chunks: not the end.
    if (!context.job.finalAttempt || context.signal.aborted || parksJob(error)) {
      throw error;
    }
    return giveUp(data, context, error);
  }
};

/**
 * The history record of a request whose job gave up while MongoDB was away (ingest/give-up.ts):
 * written once MongoDB takes it, then the request's body and chunks leave Redis. Its retries
 * (core/queue/job-options.ts) outlast the outage; a body gone by then leaves the record without
 * its payload.
 */
import { collections } from '../../core/store/collections';
import { historyRecord, PAYLOAD_LIMIT_BYTES } from '../../core/ingest/history-record-builder';
import { HistoryRepository } from '../../core/history/history.repository';
import { failedRequest } from '../../core/ingest/request-result';
import type { ParsedJobData } from '../../core/queue/jobs';
import type { Processor, ProcessorContext } from '../../core/ingest/ingest-context';

export const recordHistoryProcessor: Processor<'record-history'> = async (data, context) => {
  const history = new HistoryRepository(collections(context.mongo));
  // A client that sent the request again under the same X-Request-Id keeps that one's record.
  const existing = await history.find(data.tenant, data.requestId);
  const recorded = existing === null || existing.receivedAt <= new Date(data.receivedAt);
  if (recorded) await save(history, data, context);
  await context.payloads.remove(data.payloadKey);
  if (data.planKey) await context.chunkPlans.remove(data.planKey);
  return { recorded };
};

async function save(
  history: HistoryRepository,
  data: ParsedJobData<'record-history'>,
  context: ProcessorContext,
): Promise<void> {
  const payload = await context.payloads.head(data.payloadKey, PAYLOAD_LIMIT_BYTES + 1);
  const { httpStatus, message, itemCount } = data.outcome;
  const record = historyRecord(
    data,
    payload ?? Buffer.alloc(0),
    failedRequest(httpStatus, message, itemCount),
    context.historyTtlDays,
  );
  await history.save(record);
  context.logger.info({ funnel: data.endpointUrl, httpStatus }, 'history recorded after giving up');
}

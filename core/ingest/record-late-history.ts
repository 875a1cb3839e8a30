/**
 * The history record of a request whose job gave up while MongoDB was away (give-up.ts): written
 * once MongoDB takes it, then the request's body and chunks leave Redis. Its retries
 * (core/queue/job-options.ts) outlast the outage; a body gone by then leaves the record without
 * its payload.
 */
import type { JobResult, ParsedJobData } from '../queue/jobs';
import { historyRecord } from './history-record-builder';
import { keepPayload } from './keep-payloads';
import type { IngestContext } from './ingest-context';
import { checkLateRecordJob } from './job-trust';
import { failedRequest } from './request-result';

type LateRecord = ParsedJobData<'record-history'>;

export async function recordLateHistory(
  data: LateRecord,
  context: IngestContext,
): Promise<JobResult<'record-history'>> {
  checkLateRecordJob(data, context.jobId, context);
  // The record is the request's own (record ids are unique per request): replaced, whatever it says.
  await save(data, context);
  await context.payloads.remove(data.payloadKey);
  if (data.planKey) await context.chunkPlans.remove(data.planKey);
  return { recorded: true };
}

async function save(data: LateRecord, context: IngestContext): Promise<void> {
  const payload = await context.payloads.get(data.payloadKey);
  const { httpStatus, message, itemCount } = data.outcome;
  const record = historyRecord(
    data,
    payload ?? Buffer.alloc(0),
    failedRequest(httpStatus, message, itemCount),
    context.historyTtlDays,
    payload && (await keepPayload(context, data, payload)),
  );
  await context.history.save(record);
  context.logger.info({ funnel: data.endpointUrl, httpStatus }, 'history recorded after giving up');
}

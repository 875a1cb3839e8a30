/**
 * One funnel request, POST or DELETE, from its stored body to its answer, in the order a request
 * meets its steps (docs/api-behaviour.md):
 *  1. its body and its funnel's settings are loaded;
 *  2. it is worked out whole: a POST against the request rules, then every item against the item
 *     rules and references, and the decision of what is written (import-items.ts); a DELETE
 *     against the same request rules, then done (delete-items.ts);
 *  3. the writes the decision allows go to the store: at once, or by chunk jobs when they are
 *     many (chunks/chunked-write.ts, after which this job runs again and goes on at step 4);
 *  4. its history record is stored, and only then is it answered (finish-request.ts). Unless
 *     chunked, the record is written in the transaction of the item writes (store-record.ts);
 *     its whole body is kept outside that transaction, meanwhile, and before the record that
 *     names it (keep-payloads.ts).
 * A request of a full sync names what it writes to the sync before writing (core/syncs/).
 * Safe to run again after a crash: every write is an idempotent upsert or delete, the history
 * record is replaced, and a chunked request goes on from its last step. When the last attempt
 * fails, the request still gets an answer and a record (give-up.ts).
 */
import type { JobResult, ParsedJobData } from '../queue/jobs';
import { inSpan } from '../platform/tracing/spans';
import { receiptOf } from '../redis/receipt-sequence';
import { continueChunkedWrite, startChunkedWrite } from './chunks/chunked-write';
import { answerRequest, finishRequest } from './finish-request';
import { historyRecord } from './history-record-builder';
import { keepingPayload } from './keep-payloads';
import { writeWithRecords } from './store-record';
import type { IngestContext } from './ingest-context';
import { checkIngestJob } from './job-trust';
import { prepareRequest } from './prepare-request';
import { expiredBody, type RequestResult } from './request-result';

export const NO_PAYLOAD = Buffer.alloc(0);

export async function ingestRequest(
  data: ParsedJobData<'ingest'>,
  context: IngestContext,
): Promise<JobResult<'ingest'>> {
  checkIngestJob(data, context.jobId, context);
  if (data.chunks) return continueChunkedWrite(data, data.chunks, context);
  const startedAt = Date.now();
  if (data.respondAsync) await context.history.markProcessing(data.tenant, data.recordId);

  const [raw, settings] = await Promise.all([
    context.payloads.get(data.payloadKey),
    context.settings.find(data.tenant, data.endpointUrl, data.funnelId),
  ]);
  if (!raw) {
    return finishRequest(data, context, expiredBody(), { payload: NO_PAYLOAD, startedAt });
  }

  context.signal.throwIfAborted();
  // Kept while the request is checked and its writes begin: only its record, which names the
  // kept body, waits for it (keep-payloads.ts).
  const storing = keepingPayload(context, data, raw);
  const recordOf = async (result: RequestResult) =>
    historyRecord(data, raw, result, context.historyTtlDays, await storing);
  const prepared = await inSpan('map and check', {}, async (span) => {
    const done = await writeWithRecords(context, (save) =>
      prepareRequest(data, settings, context.items, raw, async (result) =>
        save([await recordOf(result)]),
      ),
    );
    span.setAttributes({ 'funnel_sync.items.count': done.result.itemCount });
    return done;
  });
  const finishing = { startedAt };
  const written = prepared.writes.map((write) => write.identifier);
  await context.syncs.name(data, [...written, ...(prepared.result.deletedIds ?? [])]);
  if (prepared.recorded) return answerRequest(data, context, prepared.result, finishing);

  const { chunkSize } = context;
  if (chunkSize !== undefined && prepared.writes.length > chunkSize) {
    return startChunkedWrite(data, context, prepared, chunkSize, startedAt);
  }
  context.signal.throwIfAborted();
  const receipt = receiptOf(data);
  const { tenant } = data;
  const { signal } = context;
  const items = { 'funnel_sync.items.written': prepared.writes.length };
  await inSpan('write items', items, () =>
    writeWithRecords(context, (save) =>
      context.items.upsert(tenant, prepared.contentType, prepared.writes, receipt, {
        signal,
        alongside: async () => save([await recordOf(prepared.result)]),
      }),
    ),
  );
  return answerRequest(data, context, prepared.result, finishing);
}

/**
 * One funnel request: load its body, funnel and content type; import or delete; store the
 * history record; answer with the status code and envelope. Safe to run again after a crash:
 * every write is an idempotent upsert or delete, and the history record is replaced.
 */
import { collections } from '../../core/db/collections';
import { HistoryRepository } from '../../core/repositories/history.repository';
import { ContentTypesRepository } from '../../core/repositories/content-types.repository';
import { FunnelsRepository } from '../../core/repositories/funnels.repository';
import { ItemStore } from '../../core/repositories/item-store';
import type { JobResult, ParsedJobData } from '../../core/queue/jobs';
import { deleteItems } from '../ingest/delete-items';
import { historyRecord, type RequestOutcome } from '../../core/history/history-record-builder';
import { importItems } from '../ingest/import-items';
import type { Processor, ProcessorContext } from './processor';

type Answer = JobResult<'ingest'>;

const failed = (httpStatus: number, message: string): RequestOutcome & Answer => ({
  status: 'error',
  httpStatus,
  message,
  itemCount: 0,
  envelope: { status: 'error', message },
});

function parseBody(raw: string): { ok: true; value: unknown } | { ok: false } {
  if (raw.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false };
  }
}

async function run(
  data: ParsedJobData<'ingest'>,
  context: ProcessorContext,
  raw: Buffer,
): Promise<RequestOutcome & Answer> {
  const db = collections(context.mongo);
  const funnel = await new FunnelsRepository(db).find(data.tenant, data.endpointUrl);
  if (!funnel) return failed(404, `No funnel with endpoint URL "${data.endpointUrl}"`);
  const contentType = await new ContentTypesRepository(db).find(data.tenant, funnel.contentType);
  if (!contentType)
    return failed(422, `The funnel's content type "${funnel.contentType}" does not exist`);
  const text = raw.toString('utf8');
  const body = parseBody(text);
  if (!body.ok) return failed(400, 'The request body is not valid JSON');

  const store = new ItemStore(db, context.engine, context.writeLock);
  context.signal.throwIfAborted();
  const common = {
    tenant: data.tenant,
    funnel,
    contentType,
    parsed: body.value,
    dryRun: data.dryRun,
  };
  const receivedAt = new Date(data.receivedAt);
  const outcome =
    data.method === 'POST'
      ? await importItems(store, { ...common, raw: text, receivedAt })
      : await deleteItems(store, { ...common, receivedAt });
  return {
    ...outcome,
    status: outcome.historyStatus,
    message: outcome.envelope.message,
    errors: outcome.envelope.errors,
  };
}

export const ingestProcessor: Processor<'ingest'> = async (data, context) => {
  const startedAt = Date.now();
  const history = new HistoryRepository(collections(context.mongo));
  if (data.respondAsync) await history.markProcessing(data.tenant, data.requestId);
  const raw = await context.payloads.get(data.payloadKey);
  const outcome = raw
    ? await run(data, context, raw)
    : failed(503, 'The request body expired before a worker took it up; send the request again');
  await history.save(historyRecord(data, raw ?? Buffer.alloc(0), outcome, context.historyTtlDays));
  const answer = { httpStatus: outcome.httpStatus, envelope: outcome.envelope };
  if (data.idempotencyRecordKey)
    await context.idempotency.complete(data.idempotencyRecordKey, answer);
  await context.payloads.remove(data.payloadKey);
  context.logger.info(
    {
      method: data.method,
      funnel: data.endpointUrl,
      httpStatus: outcome.httpStatus,
      items: outcome.itemCount,
    },
    'funnel request done',
  );
  const stats = {
    imported: data.dryRun ? 0 : (outcome.successIds?.length ?? 0),
    failed: Object.keys(outcome.errors ?? {}).filter((key) => key !== '_request').length,
    deleted: data.dryRun ? 0 : (outcome.deletedIds?.length ?? 0),
    queueWaitMs: startedAt - Date.parse(data.receivedAt),
    processingMs: Date.now() - startedAt,
  };
  return { ...answer, stats };
};

/**
 * The first part of a funnel request's job: given its funnel and content type, parse the body
 * (once) and work the request out. A DELETE is done here, with its history record when the caller
 * gives `keepRecord`. A POST is decided for all its items at once, and its writes are returned for
 * the caller to send: in one go, or as chunk jobs.
 */
import type { ParsedJobData } from '../queue/jobs';
import { receiptOf } from '../redis/receipt-sequence';
import type { ItemStore, ItemWrite } from '../items/item-store';
import { deleteItems, type DeleteResult } from './delete-items';
import { prepareImport, type ImportResult } from './import-items';
import { failedRequest, type RequestResult } from './request-result';
import { parseNdjson } from '../domain/ndjson-body';
import type { RequestSettings } from '../settings/settings-cache';

export interface PreparedRequest {
  result: RequestResult;
  /** What is left to write: items of a POST, each once; none for anything else. */
  writes: ItemWrite[];
  /** The content type they go to. */
  contentType: string;
  /** Whether its history record was kept already (with a DELETE's writes). */
  recorded: boolean;
}

export type BodyParse = { ok: true; value: unknown } | { ok: false; message: string };

/** An NDJSON body becomes the array of its lines' values: it then means what that array means. */
export function parseBody(raw: string, format: ParsedJobData<'ingest'>['bodyFormat']): BodyParse {
  if (raw.trim() === '') return { ok: true, value: undefined };
  if (format === 'ndjson') return parseNdjson(raw);
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false, message: 'The request body is not valid JSON' };
  }
}

const done = (result: RequestResult, recorded = false): PreparedRequest => ({
  result,
  writes: [],
  contentType: '',
  recorded,
});

export async function prepareRequest(
  data: ParsedJobData<'ingest'>,
  settings: RequestSettings,
  store: ItemStore,
  raw: Buffer,
  keepRecord?: (result: RequestResult) => Promise<void>,
): Promise<PreparedRequest> {
  if (!settings.found && settings.missing === 'funnel') {
    return done(failedRequest(404, `No funnel with endpoint URL "${data.endpointUrl}"`));
  }
  if (!settings.found) {
    const missing = settings.funnel.contentType;
    return done(failedRequest(422, `The funnel's content type "${missing}" does not exist`));
  }
  const { funnel, contentType } = settings;
  const text = raw.toString('utf8');
  const body = parseBody(text, data.bodyFormat);
  if (!body.ok) return done(failedRequest(400, body.message));

  const common = {
    tenant: data.tenant,
    funnel,
    contentType,
    parsed: body.value,
    receipt: receiptOf(data),
    dryRun: data.dryRun,
  };
  if (data.method === 'DELETE') {
    let recorded = false;
    const keep =
      keepRecord &&
      ((outcome: DeleteResult) => {
        recorded = true;
        return keepRecord(asResult(outcome));
      });
    return done(asResult(await deleteItems(store, common, keep)), recorded);
  }
  const { result, writes } = await prepareImport(store, { ...common, raw: text });
  return { result: asResult(result), writes, contentType: contentType.key, recorded: false };
}

/** An import's or a delete's outcome as the history record and the caller see it. */
function asResult(outcome: ImportResult | DeleteResult): RequestResult {
  const { historyStatus, ...rest } = outcome;
  return {
    ...rest,
    status: historyStatus,
    message: outcome.envelope.message,
    ...(outcome.envelope.errors ? { errors: outcome.envelope.errors } : {}),
  };
}

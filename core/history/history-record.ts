/** One funnel request as the history keeps it (docs/api-behaviour.md#the-history-record). */
import { z } from 'zod';
import { itemErrorsSchema, type ItemErrors } from '../domain/item-errors';
import { resolvedIdentifierSchema } from '../domain/resolved-identifier';
import { storedPayloadSchema } from './stored-payload';

const HISTORY_STATUSES = ['success', 'partial', 'error', 'queued', 'processing'] as const;
export const historyStatusSchema = z.enum(HISTORY_STATUSES);
export type HistoryStatus = z.infer<typeof historyStatusSchema>;

/**
 * An error as stored: a list, not a map, because item keys are the sender's identifiers and may
 * hold `$` or `.`, which make poor (or refused) field names.
 */
const storedErrorSchema = z.object({
  key: z.string(),
  label: z.string(),
  message: z.string(),
});
export type StoredError = z.infer<typeof storedErrorSchema>;

export function toStoredErrors(errors: ItemErrors): StoredError[] {
  return Object.entries(errors).flatMap(([key, labels]) =>
    Object.entries(labels).map(([label, message]) => ({ key, label, message })),
  );
}

/** Back to key -> label -> message, in records without a prototype (keys are the sender's). */
export function fromStoredErrors(stored: readonly StoredError[]): ItemErrors {
  const errors: ItemErrors = Object.create(null) as ItemErrors;
  for (const { key, label, message } of stored) {
    const labels = Object.hasOwn(errors, key)
      ? (errors[key] as Record<string, string>)
      : (Object.create(null) as Record<string, string>);
    labels[label] = message;
    errors[key] = labels;
  }
  return errors;
}

/** The preview (a string, cut at its limit) shown as JSON again when it was not cut. */
function payloadView(payload: string, truncated: boolean): unknown {
  if (truncated) return payload;
  try {
    return payload.trim() === '' ? null : (JSON.parse(payload) as unknown);
  } catch {
    return payload;
  }
}

const historyDocumentSchema = z.object({
  /** tenant:recordId */
  _id: z.string(),
  /** Unique per request (several requests may share a requestId). */
  recordId: z.string(),
  tenant: z.string(),
  /** The stable id of the funnel: its records follow it when its endpoint URL changes. */
  funnelId: z.string(),
  /** The endpoint URL the request was sent to. */
  endpointUrl: z.string(),
  /** The caller's X-Request-Id, which several requests may share, or the server's. */
  requestId: z.string(),
  method: z.enum(['POST', 'DELETE']),
  receivedAt: z.date(),
  /** The request's place in the receipt order. */
  sequence: z.number(),
  finishedAt: z.date().nullable(),
  durationMs: z.number().nullable(),
  status: historyStatusSchema,
  httpStatus: z.number().int().nullable(),
  itemCount: z.number().int(),
  message: z.string(),
  /**
   * The lists from here to `identifiers` grow with the request: past the record's byte budget they
   * go on in its parts (record-budget.ts), and the record holds their beginning.
   */
  errors: z.array(storedErrorSchema),
  successIds: z.array(z.string()),
  deletedIds: z.array(z.string()),
  notFoundIds: z.array(z.string()),
  /**
   * The items lazy comparison wrote to (or deleted under) another identifier than the one sent,
   * in request order: a list, as `errors`, since identifiers make poor field names.
   */
  resolved: z.array(resolvedIdentifierSchema),
  /**
   * Every identifier the request named, each once (record-identifiers.ts): what the history is
   * searched by for an item, under a multikey index.
   */
  identifiers: z.array(z.string()),
  /** How many identifiers the request named, wherever they are kept. */
  identifierCount: z.number().int(),
  /**
   * How many part documents carry on the lists above past the record's byte budget
   * (history-parts.ts): 0 when the record holds them all.
   */
  parts: z.number().int(),
  /** The lists could not be recorded at all (record-summary.ts): only counts and the message. */
  listsLost: z.literal(true).optional(),
  /**
   * The body's beginning as text, stored whatever its keys (payload-preview.ts): the whole body
   * when it is short UTF-8 text, which is then kept nowhere else; when not (`payloadTruncated`),
   * the whole body is `storedPayload`.
   */
  payload: z.string(),
  payloadTruncated: z.boolean(),
  /** Where the whole body is kept (stored-payload.ts); null when it is not. */
  storedPayload: storedPayloadSchema.nullable(),
  tokenId: z.string().nullable(),
  dryRun: z.boolean(),
  /** How the body is written. */
  bodyFormat: z.enum(['json', 'ndjson']),
  /** A replay names the record whose body it sent again. */
  replayOf: z.string().optional(),
  /** The re-drive that sent it (core/redrives/), beside `replayOf`. */
  redriveId: z.string().optional(),
  /** The full sync the request belongs to (`?sync=`), or that a sync's commit committed. */
  sync: z.string().optional(),
  /** Whether the record is a full sync's commit, whose deletes it lists. */
  syncCommit: z.boolean().optional(),
  /** When the record may be purged (HISTORY_TTL_DAYS after it was received). */
  expiresAt: z.date(),
  /** The request's trace when tracing was on (docs/operations.md#traces). */
  traceId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional()
    .describe(
      "The OpenTelemetry trace id of the request's spans, the sender's when it sent a " +
        '`traceparent`; absent when tracing is off',
    ),
});
export type HistoryDocument = z.infer<typeof historyDocumentSchema>;

export const historyViewSchema = historyDocumentSchema
  .omit({
    _id: true,
    tenant: true,
    funnelId: true,
    expiresAt: true,
    bodyFormat: true,
    storedPayload: true,
    parts: true,
    listsLost: true,
    receivedAt: true,
    finishedAt: true,
  })
  .extend({
    receivedAt: z.string(),
    finishedAt: z.string().nullable(),
    errors: itemErrorsSchema,
    /** The body's preview; a string when it is not the body whole (`payloadTruncated`). */
    payload: z.unknown(),
    storedPayload: storedPayloadSchema
      .omit({ chunks: true, encoding: true })
      .extend({ expiresAt: z.string() })
      .nullable()
      .describe(
        'The whole body as the history keeps it apart from the record ' +
          '(`GET .../history/{requestId}/payload`): its size as received, compressed, its ' +
          'SHA-256 and when it goes; null when it is not kept apart: a short body, which the ' +
          'preview holds whole (`payloadTruncated` false), or a body not kept',
      ),
    listsComplete: z
      .boolean()
      .describe(
        'Whether the lists name every item, error and match of the request. false in a list ' +
          'entry of a request that named more than an entry holds (reading its record gives ' +
          'them all), and in a record whose lists could not be stored (counts and message only)',
      ),
  });
export type HistoryView = z.infer<typeof historyViewSchema>;

/** `record` with every list it has, its parts joined (history.repository.ts `withParts`). */
export function historyView(record: HistoryDocument): HistoryView {
  return {
    recordId: record.recordId,
    requestId: record.requestId,
    endpointUrl: record.endpointUrl,
    method: record.method,
    receivedAt: record.receivedAt.toISOString(),
    sequence: record.sequence,
    finishedAt: record.finishedAt?.toISOString() ?? null,
    durationMs: record.durationMs,
    status: record.status,
    httpStatus: record.httpStatus,
    itemCount: record.itemCount,
    message: record.message,
    errors: fromStoredErrors(record.errors),
    successIds: record.successIds,
    deletedIds: record.deletedIds,
    notFoundIds: record.notFoundIds,
    resolved: record.resolved,
    identifiers: record.identifiers,
    identifierCount: record.identifierCount,
    listsComplete: record.listsLost !== true && record.parts === 0,
    payload: payloadView(record.payload, record.payloadTruncated),
    payloadTruncated: record.payloadTruncated,
    storedPayload: storedPayloadView(record.storedPayload),
    tokenId: record.tokenId,
    dryRun: record.dryRun,
    ...(record.replayOf === undefined ? {} : { replayOf: record.replayOf }),
    ...(record.redriveId === undefined ? {} : { redriveId: record.redriveId }),
    ...(record.sync === undefined ? {} : { sync: record.sync }),
    ...(record.syncCommit ? { syncCommit: true } : {}),
    ...(record.traceId === undefined ? {} : { traceId: record.traceId }),
  };
}

function storedPayloadView(stored: HistoryDocument['storedPayload']): HistoryView['storedPayload'] {
  if (!stored) return null;
  const { bytes, storedBytes, sha256, expiresAt } = stored;
  return { bytes, storedBytes, sha256, expiresAt: expiresAt.toISOString() };
}

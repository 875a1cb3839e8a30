/** One funnel request as the history keeps it (contract 5). */
import { z } from 'zod';

export const HISTORY_STATUSES = ['success', 'partial', 'error', 'queued', 'processing'] as const;
export const historyStatusSchema = z.enum(HISTORY_STATUSES);
export type HistoryStatus = z.infer<typeof historyStatusSchema>;

/** Field label -> message, per item key (identifier, `[i]` or `_request`). */
export const itemErrorsSchema = z.record(z.string(), z.record(z.string(), z.string()));
export type ItemErrors = z.infer<typeof itemErrorsSchema>;

export const historyDocumentSchema = z.object({
  /** tenant:requestId */
  _id: z.string(),
  tenant: z.string(),
  funnel: z.string(),
  requestId: z.string(),
  method: z.enum(['POST', 'DELETE']),
  receivedAt: z.date(),
  finishedAt: z.date().nullable(),
  durationMs: z.number().nullable(),
  status: historyStatusSchema,
  httpStatus: z.number().int().nullable(),
  itemCount: z.number().int(),
  message: z.string(),
  errors: itemErrorsSchema,
  successIds: z.array(z.string()),
  deletedIds: z.array(z.string()),
  notFoundIds: z.array(z.string()),
  payload: z.unknown(),
  payloadTruncated: z.boolean(),
  tokenId: z.string().nullable(),
  dryRun: z.boolean(),
  /** When the record may be purged (HISTORY_TTL_DAYS after it was received). */
  expiresAt: z.date(),
});
export type HistoryDocument = z.infer<typeof historyDocumentSchema>;

export const historyViewSchema = historyDocumentSchema
  .omit({
    _id: true,
    tenant: true,
    funnel: true,
    expiresAt: true,
    receivedAt: true,
    finishedAt: true,
  })
  .extend({ receivedAt: z.string(), finishedAt: z.string().nullable() });
export type HistoryView = z.infer<typeof historyViewSchema>;

export function historyView(record: HistoryDocument): HistoryView {
  return {
    requestId: record.requestId,
    method: record.method,
    receivedAt: record.receivedAt.toISOString(),
    finishedAt: record.finishedAt?.toISOString() ?? null,
    durationMs: record.durationMs,
    status: record.status,
    httpStatus: record.httpStatus,
    itemCount: record.itemCount,
    message: record.message,
    errors: record.errors,
    successIds: record.successIds,
    deletedIds: record.deletedIds,
    notFoundIds: record.notFoundIds,
    payload: record.payload,
    payloadTruncated: record.payloadTruncated,
    tokenId: record.tokenId,
    dryRun: record.dryRun,
  };
}

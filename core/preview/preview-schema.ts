/** What a preview is asked, and what it answers (docs/api-behaviour.md#preview). */
import { z } from 'zod';
import { endpointUrlSchema } from '../domain/names';
import { funnelBodySchema } from '../domain/funnel';
import { envelopeSchema } from '../domain/envelope';
import { historyStatusSchema } from '../history/history-record';
import { resolvedIdentifierSchema } from '../domain/resolved-identifier';
import { requestDataSchema } from '../settings/request-paths';

export const MAX_PREVIEW_REQUESTS = 50;

export const previewRequestSchema = z
  .strictObject({
    /** The draft: the body a funnel's settings take, saved or not. */
    funnel: funnelBodySchema.extend({ requestData: requestDataSchema.optional() }),
    /** The last requests of a saved funnel to run the draft over; left out, none. */
    history: z
      .strictObject({
        endpointUrl: endpointUrlSchema
          .optional()
          .describe("The saved funnel whose requests are read; default: the draft's endpointUrl"),
        limit: z.number().int().min(1).max(MAX_PREVIEW_REQUESTS).default(10),
      })
      .optional(),
  })
  .meta({ id: 'FunnelPreviewRequest' });
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

/** One item's fate: written, refused for its errors, or neither (valid, but the request failed). */
const itemOutcomeSchema = z.enum(['ok', 'error', 'not-written']);
export type ItemOutcome = z.infer<typeof itemOutcomeSchema>;

const answerSchema = z.object({
  httpStatus: z.number().int(),
  status: historyStatusSchema,
  message: z.string(),
  itemCount: z.number().int(),
  /** Items written (or that a dry run would write), and items refused for their errors. */
  imported: z.number().int(),
  failed: z.number().int(),
});

const draftAnswerSchema = answerSchema.extend({
  envelope: envelopeSchema,
  /** The items the draft would write to another identifier than sent (lazy comparison). */
  resolved: z.array(resolvedIdentifierSchema),
});
export type DraftAnswer = z.infer<typeof draftAnswerSchema>;
export type RecordedAnswer = z.infer<typeof answerSchema>;

const itemChangeSchema = z.object({
  key: z.string(),
  then: itemOutcomeSchema,
  now: itemOutcomeSchema,
  /** The item's errors now, when it has any. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ItemChange = z.infer<typeof itemChangeSchema>;

const previewedRequestSchema = z.object({
  recordId: z.string(),
  requestId: z.string(),
  receivedAt: z.string(),
  then: answerSchema,
  now: draftAnswerSchema,
  /** The status code, the record's status or an item's outcome differ. */
  changed: z.boolean(),
  itemChanges: z.array(itemChangeSchema),
});
export type PreviewedRequest = z.infer<typeof previewedRequestSchema>;

const skippedRequestSchema = z.object({
  recordId: z.string(),
  requestId: z.string(),
  receivedAt: z.string(),
  reason: z.string(),
});
export type SkippedRequest = z.infer<typeof skippedRequestSchema>;

export const previewAnswerSchema = z
  .object({
    /** The draft over its own `requestData`; null when it has none. */
    sample: draftAnswerSchema.nullable(),
    requests: z.array(previewedRequestSchema),
    skipped: z.array(skippedRequestSchema),
  })
  .meta({ id: 'FunnelPreview' });
export type PreviewAnswer = z.infer<typeof previewAnswerSchema>;

/**
 * One delivery of an export: a batch of changes of one lane, numbered in its lane, with every
 * attempt to send it. Its `_id` is also its `webhook-id`, the same on every retry.
 */
import { z } from 'zod';
import { changeViewSchema, type ChangeView } from '../../changes/change-record';
import type { TraceCarrier } from '../../platform/tracing/trace-carrier';
import type { DeliveryAttempt } from './delivery-attempt';

const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export type DeliveryOrigin = 'log' | 'replay' | 'resync';

/** Attempts kept per delivery: the newest, since a receiver away for days makes many. */
export const KEPT_ATTEMPTS = 50;

export interface DeliveryDocument {
  /** exportId:lane:n, n zero-padded so that a lane's deliveries sort in `_id` order. */
  _id: string;
  tenant: string;
  exportId: string;
  lane: number;
  n: number;
  origin: DeliveryOrigin;
  /**
   * What it carries: its changes, as sent; none once it succeeded (the change log holds them, and
   * the summary below says which), to keep the delivery log small.
   */
  changes: ChangeView[];
  /** The spans that wrote its changes, when tracing was on: its sends continue the first. */
  traces?: TraceCarrier[];
  changeCount: number;
  firstSeq: number | null;
  lastSeq: number | null;
  /** pending: not yet answered; failed: the last attempt failed and it waits for the next. */
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  attemptCount: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  succeededAt: Date | null;
  /** When a delivery that succeeded leaves the log; null while it still has to be sent. */
  expiresAt: Date | null;
}

export function deliveryIdOf(exportId: string, lane: number, n: number): string {
  return `${exportId}:${lane}:${String(n).padStart(12, '0')}`;
}

const deliveryAttemptViewSchema = z.object({
  at: z.string(),
  status: z.number().int().nullable().describe("The receiver's HTTP status; null for no answer"),
  durationMs: z.number(),
  response: z.string().nullable().describe('The first KiB of the answer'),
  error: z.string().nullable(),
  retryAfterSeconds: z.number().int().nullable(),
});

export const deliveryViewSchema = z
  .object({
    id: z.string().describe('Also its `webhook-id`'),
    lane: z.number().int(),
    number: z.number().int().describe('Its place in its lane'),
    origin: z.enum(['log', 'replay', 'resync']),
    status: deliveryStatusSchema,
    changeCount: z.number().int(),
    changes: z
      .array(changeViewSchema)
      .describe(
        'What it carries, as sent (each change with its identifier and item); empty once it ' +
          'succeeded, when the change log holds them (firstSeq to lastSeq)',
      ),
    firstSeq: z.number().int().nullable(),
    lastSeq: z.number().int().nullable(),
    createdAt: z.string(),
    succeededAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    attemptCount: z.number().int(),
    attempts: z.array(deliveryAttemptViewSchema),
  })
  .meta({ id: 'ExportDelivery' });
export type DeliveryView = z.infer<typeof deliveryViewSchema>;

/** The summary a delivery keeps of its changes after they are gone from it. */
export function changeSummary(changes: readonly ChangeView[]) {
  const seqs = changes.map((change) => change.seq);
  return {
    changeCount: changes.length,
    firstSeq: seqs.length > 0 ? Math.min(...seqs) : null,
    lastSeq: seqs.length > 0 ? Math.max(...seqs) : null,
  };
}

export function deliveryView(delivery: DeliveryDocument): DeliveryView {
  return {
    id: delivery._id,
    lane: delivery.lane,
    number: delivery.n,
    origin: delivery.origin,
    status: delivery.status,
    changeCount: delivery.changeCount,
    changes: delivery.changes,
    firstSeq: delivery.firstSeq,
    lastSeq: delivery.lastSeq,
    createdAt: delivery.createdAt.toISOString(),
    succeededAt: delivery.succeededAt?.toISOString() ?? null,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    attemptCount: delivery.attemptCount,
    attempts: delivery.attempts.map((attempt) => ({
      at: attempt.startedAt.toISOString(),
      status: attempt.status ?? null,
      durationMs: attempt.durationMs,
      response: attempt.responseBody ?? null,
      error: attempt.error ?? null,
      retryAfterSeconds: attempt.retryAfterSeconds ?? null,
    })),
  };
}

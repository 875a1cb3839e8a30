/**
 * A re-drive as stored, and as `GET /funnels/{url}/redrives/{redriveId}` shows it
 * (docs/api-behaviour.md#re-drive): the failed requests of a funnel, sent again one by one in
 * receipt order by a worker job, with its progress.
 */
import { z } from 'zod';

const REDRIVE_STATES = ['queued', 'running', 'finished', 'failed', 'cancelled'] as const;
export type RedriveState = (typeof REDRIVE_STATES)[number];

export type EndedState = Extract<RedriveState, 'finished' | 'failed' | 'cancelled'>;

/** Whether a re-drive will send no more. */
export const isEnded = (state: RedriveState): state is EndedState =>
  state === 'finished' || state === 'failed' || state === 'cancelled';

/** The random part of a re-drive's id: 32 hex digits, no ":" to split a document id. */
export const redriveIdSchema = z.string().regex(/^[a-f0-9]{32}$/, 'is not a re-drive id');

/** Why a failed request was not sent again: its body was never kept whole, or pruned since. */
export type SkipReason = 'not-kept' | 'gone';

/** The request being sent: named before its job is queued, so a re-run sends that one only. */
export interface RedriveInFlight {
  /** The original record, and its place in the receipt order. */
  replayOf: string;
  originalSequence: number;
  /** The new request's record id, receipt and job. */
  recordId: string;
  sequence: number;
  receivedAt: Date;
  jobId: string;
}

interface RedriveCounts {
  /** The failed requests the re-drive walks, counted when it was asked for. */
  total: number;
  sent: number;
  succeeded: number;
  /** Sent, and some of their items failed again. */
  partial: number;
  /** Sent, and failed again. */
  failed: number;
  skipped: number;
  skippedBy: Record<SkipReason, number>;
}

export interface RedriveDocument extends RedriveCounts {
  /** tenant:redriveId */
  _id: string;
  redriveId: string;
  tenant: string;
  /** The stable id of the funnel: the re-drive follows it when its endpoint URL changes. */
  funnelId: string;
  /**
   * `active` while queued or running, the re-drive's own id once ended: a unique index on
   * (tenant, funnelId, slot) lets a funnel have one active re-drive at a time.
   */
  slot: string;
  state: RedriveState;
  /** What it walks: the requests received in [since, until), or those of one full sync. */
  since: Date | null;
  until: Date;
  syncId: string | null;
  dryRun: boolean;
  /** The last original done, by receipt sequence: a re-run goes on after it. */
  lastSequence: number;
  current: RedriveInFlight | null;
  cancelRequested: boolean;
  /** Why it failed. */
  message: string | null;
  requestId: string;
  tokenId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Kept as long as the history records it wrote (HISTORY_TTL_DAYS). */
  expiresAt: Date;
}

const countsShape = {
  total: z.number().int().describe('The failed requests to send, counted when it was asked for'),
  sent: z.number().int().describe('Sent so far'),
  succeeded: z.number().int(),
  partial: z.number().int().describe('Sent, and some of their items failed again'),
  failed: z.number().int().describe('Sent, and failed again'),
  skipped: z.number().int().describe('Not sent: their payload cannot be had'),
  skippedBy: z
    .object({
      'not-kept': z.number().int().describe('Not kept whole when recorded'),
      gone: z.number().int().describe('Kept, and pruned since (`HISTORY_PAYLOAD_DAYS`)'),
    })
    .describe('The skipped ones, by reason'),
};

export const redriveViewSchema = z
  .object({
    redriveId: z.string(),
    endpointUrl: z.string(),
    state: z.enum(REDRIVE_STATES),
    since: z.string().nullable(),
    until: z.string(),
    syncId: z.string().nullable(),
    dryRun: z.boolean(),
    ...countsShape,
    cancelRequested: z.boolean(),
    message: z.string().nullable().describe('Why it failed'),
    requestId: z.string(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    records: z
      .string()
      .describe("The history of the requests it sent: the funnel's history filtered by it"),
  })
  .meta({ id: 'Redrive' });
export type RedriveView = z.infer<typeof redriveViewSchema>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function redriveView(redrive: RedriveDocument, endpointUrl: string): RedriveView {
  return {
    redriveId: redrive.redriveId,
    endpointUrl,
    state: redrive.state,
    since: iso(redrive.since),
    until: redrive.until.toISOString(),
    syncId: redrive.syncId,
    dryRun: redrive.dryRun,
    total: redrive.total,
    sent: redrive.sent,
    succeeded: redrive.succeeded,
    partial: redrive.partial,
    failed: redrive.failed,
    skipped: redrive.skipped,
    skippedBy: redrive.skippedBy,
    cancelRequested: redrive.cancelRequested,
    message: redrive.message,
    requestId: redrive.requestId,
    createdAt: redrive.createdAt.toISOString(),
    startedAt: iso(redrive.startedAt),
    finishedAt: iso(redrive.finishedAt),
    records: `/api/v1/funnels/${endpointUrl}/history?redriveId=${redrive.redriveId}`,
  };
}

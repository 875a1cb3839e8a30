/**
 * The jobs on the funnel queue: for each job name, the schema of its data and of its result.
 * Both sides parse with these, so a producer and a worker of different versions fail loudly
 * instead of misreading each other.
 */
import { z } from 'zod';
import { traceCarrierSchema } from '../platform/tracing/trace-carrier';

const requestId = z.string().min(1).max(128);

const receiptSequence = z.number().int().positive();

/**
 * The reply list of the API process that waits for the job's outcome (job-reply.ts); absent when
 * nobody waits.
 */
const replyTo = z.string().min(1).max(200).optional();

/** The span the job continues (W3C Trace Context); absent when tracing is off. */
const trace = traceCarrierSchema.optional();

/**
 * One funnel request (POST or DELETE): the worker maps, validates and writes its items, stores
 * the history record, and returns the status code and envelope the caller gets.
 */
export const ingestJob = {
  data: z.object({
    requestId,
    /** The id of the request's history record: unique per accepted request, unlike requestId. */
    recordId: requestId,
    tenant: z.string().min(1),
    /** The URL the request was sent to, and the stable id of the funnel that had it then. */
    endpointUrl: z.string().min(1),
    funnelId: z.string().min(1),
    method: z.enum(['POST', 'DELETE']),
    receivedAt: z.iso.datetime(),
    /** The receipt order (core/redis/receipt-sequence.ts). */
    sequence: receiptSequence,
    tokenId: z.string().nullable(),
    dryRun: z.boolean(),
    /** Where the body waits in Redis (core/redis/payload-store.ts). */
    payloadKey: z.string().min(1),
    /** The full sync (`?sync=`) whose snapshot the request is part of (core/syncs/). */
    sync: z.string().min(1).max(64).optional(),
    /** The body's size, which makes a request large (worker/fair-share.ts); absent: small. */
    bodyBytes: z.number().int().min(0).optional(),
    /** How the body is written: one JSON value, or NDJSON. */
    bodyFormat: z.enum(['json', 'ndjson']),
    /** A replay: the record id of the recorded request whose body this one sends again. */
    replayOf: z.string().min(1).max(300).optional(),
    /** The re-drive that sends it again (core/redrives/), with `replayOf`. */
    redriveId: z.string().min(1).max(64).optional(),
    /** `Prefer: respond-async`: nobody waits; the history record tells queued, processing, done. */
    respondAsync: z.boolean().default(false),
    /** The Idempotency-Key record to complete with the answer (core/redis/idempotency-records.ts). */
    idempotencyRecordKey: z.string().min(1).optional(),
    /**
     * Step marker, set by the worker: the request was mapped and checked, and its writes to
     * `contentType` wait in Redis as the input of `count` `ingest-chunk` child jobs (`planned`),
     * which were then added (`added`). A re-run (after a crash, or once the chunks are done) goes
     * on from there.
     */
    chunks: z
      .object({
        count: z.number().int().min(1),
        contentType: z.string().min(1),
        step: z.enum(['planned', 'added']),
      })
      .optional(),
    replyTo,
    trace,
  }),
  result: z.object({
    httpStatus: z.number().int().min(200).max(599),
    envelope: z.looseObject({ status: z.enum(['success', 'error']), message: z.string() }),
    /** For the API's metrics: what the request did to the items, and where its time went. */
    stats: z
      .object({
        imported: z.number().int(),
        failed: z.number().int(),
        deleted: z.number().int(),
        queueWaitMs: z.number(),
        processingMs: z.number(),
      })
      .optional(),
  }),
};

/** The job id a group member's body and late history record are keyed by. */
export const memberJobId = (groupJobId: string, index: number): string => `${groupJobId}-m${index}`;

/**
 * Several small POSTs to one funnel that one API process received close together, processed by
 * one job (core/ingest/ingest-group.ts): each member is still checked, answered and recorded as
 * if it ran alone, in the order it was received. Each member's body waits under the key of its
 * own member job id (memberJobId).
 */
const ingestGroupJob = {
  data: z.object({
    /** The first member's: what the group's log lines carry. */
    requestId,
    tenant: z.string().min(1),
    endpointUrl: z.string().min(1),
    funnelId: z.string().min(1),
    members: z.array(ingestJob.data).min(1).max(1_000),
    replyTo,
  }),
  /** The members' answers, in the order of `members`. */
  result: z.object({ answers: z.array(ingestJob.result) }),
};

/**
 * One slice of a large POST's writes (CHUNK_SIZE items), a child of the request's `ingest` job:
 * any worker takes it, and the chunks of one request take turns under the content type's write
 * lock (docs/storage.md#the-write-lock). The `ingest` job did the mapping, validation and lookups
 * for the whole request; a chunk only writes.
 */
const ingestChunkJob = {
  data: z.object({
    requestId,
    tenant: z.string().min(1),
    contentType: z.string().min(1),
    /** The request's receipt: the write guard of every chunk of it. */
    receivedAt: z.iso.datetime(),
    sequence: receiptSequence,
    /** Where the request's chunks wait in Redis (core/ingest/chunks/chunk-plans.ts). */
    planKey: z.string().min(1),
    /** Which chunk of the plan, from 0. */
    chunk: z.number().int().min(0),
    trace,
  }),
  result: z.object({ written: z.number().int().min(0) }),
};

/**
 * The history record of a request whose `ingest` job gave up while MongoDB was away: tried with
 * long pauses until MongoDB takes it (or the payload's day in Redis is over). The caller was
 * answered already.
 */
const recordHistoryJob = {
  data: ingestJob.data
    .pick({
      requestId: true,
      recordId: true,
      tenant: true,
      endpointUrl: true,
      funnelId: true,
      method: true,
      receivedAt: true,
      sequence: true,
      tokenId: true,
      dryRun: true,
      payloadKey: true,
      bodyFormat: true,
      trace: true,
    })
    .extend({
      /** The request's chunks in Redis, if it had any: removed with the payload once recorded. */
      planKey: z.string().min(1).optional(),
      outcome: z.object({
        httpStatus: z.number().int().min(400).max(599),
        message: z.string(),
        itemCount: z.number().int().min(0),
      }),
    }),
  result: z.object({ recorded: z.boolean() }),
};

/** How much one commit of a full sync may delete: a count, or a share of the funnel's items. */
export const commitLimitSchema = z.union([
  z.strictObject({ maxDeletes: z.number().int().min(0).max(100_000_000) }),
  z.strictObject({ maxDeletePercent: z.number().min(0).max(100) }),
]);

/**
 * The commit of a full sync (core/syncs/carry-out-commit.ts): deletes what the funnel wrote
 * before the sync started and the sync did not name, within the limit. The API closed the sync to
 * new requests before queueing it (core/syncs/request-commit.ts).
 */
const syncCommitJob = {
  data: z.object({
    requestId,
    recordId: requestId,
    tenant: z.string().min(1),
    endpointUrl: z.string().min(1),
    funnelId: z.string().min(1),
    syncId: z.string().min(1).max(64),
    receivedAt: z.iso.datetime(),
    sequence: receiptSequence,
    tokenId: z.string().nullable(),
    limit: commitLimitSchema,
    replyTo,
  }),
  result: z.object({
    httpStatus: z.number().int().min(200).max(599),
    body: z.looseObject({}),
  }),
};

/**
 * A re-drive (core/redrives/run-redrive.ts): the funnel's failed requests sent again one by one,
 * each as an `ingest` child job it waits for, its progress kept in its document.
 */
const redriveJob = {
  data: z.object({
    requestId,
    tenant: z.string().min(1),
    endpointUrl: z.string().min(1),
    funnelId: z.string().min(1),
    redriveId: z.string().min(1).max(64),
    trace,
  }),
  /** How it ended. */
  result: z.object({ state: z.enum(['finished', 'failed', 'cancelled']) }),
};

export const JOBS = {
  ingest: ingestJob,
  'ingest-group': ingestGroupJob,
  'ingest-chunk': ingestChunkJob,
  'record-history': recordHistoryJob,
  'sync-commit': syncCommitJob,
  redrive: redriveJob,
} as const;

export type JobName = keyof typeof JOBS;
export type JobData<N extends JobName> = z.input<(typeof JOBS)[N]['data']>;
/** The jobs whose outcome an API process may wait for: those whose data may name a reply list. */
export type ReplyingJobName = {
  [N in JobName]: 'replyTo' extends keyof JobData<N> ? N : never;
}[JobName];
export type ParsedJobData<N extends JobName> = z.output<(typeof JOBS)[N]['data']>;
export type JobResult<N extends JobName> = z.output<(typeof JOBS)[N]['result']>;

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}

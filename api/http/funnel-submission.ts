/**
 * Hands a checked funnel request to the workers and waits for the answer: the body goes to Redis
 * once, the job carries its key. With an Idempotency-Key, a repeat gets the first answer again
 * (`replayed`), or waits for the first request's job when it is still in flight, on any process.
 */
import { randomUUID } from 'node:crypto';
import { ConnectionLoss, ConnectionLostError } from '../../core/queue/connection-loss';
import type { FunnelQueue, JobOutcome } from '../../core/queue/funnel-queue';
import {
  IdempotencyRecords,
  sha256,
  type IdempotencyRecord,
} from '../../core/redis/idempotency-records';
import { memberJobId, type JobData, type JobResult } from '../../core/queue/jobs';
import { TenantRanks } from '../../core/redis/tenant-ranks';
import { HttpError, unavailable } from './http-error';

export type Submission = Omit<
  JobData<'ingest'>,
  'payloadKey' | 'idempotencyRecordKey' | 'respondAsync' | 'bodyBytes'
>;

/** A request of a group: what `submit` takes. */
export interface GroupMember {
  submission: Submission;
  body: Buffer;
}

export type Answer =
  | {
      state: 'answered';
      httpStatus: number;
      envelope: Record<string, unknown>;
      replayed: boolean;
      stats?: JobResult<'ingest'>['stats'];
    }
  | { state: 'running' };

const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

function answerOf(outcome: JobOutcome<'ingest'>, replayed: boolean): Answer {
  return outcome.state === 'running'
    ? { state: 'running' }
    : { state: 'answered', ...outcome.result, replayed };
}

/** 503 for a request whose job may still run: the caller learns how to find out. */
function lostWhileWaiting(cause: unknown): HttpError {
  const error = new HttpError(
    503,
    'The queue went away while the request was processed; it may still complete once the queue ' +
      'is back: its history record will show the outcome, or send it again (with the same ' +
      'Idempotency-Key to run it at most once)',
    { 'Retry-After': '5' },
  );
  error.cause = cause;
  return error;
}

export class FunnelSubmitter {
  private readonly connectionLoss: ConnectionLoss;

  constructor(
    private readonly queue: FunnelQueue,
    private readonly records: IdempotencyRecords,
    private readonly waitMs: number,
    private readonly ranks: TenantRanks,
  ) {
    this.connectionLoss = new ConnectionLoss(queue.redis);
  }

  async submit(
    submission: Submission,
    body: Buffer,
    idempotencyRecordKey?: string,
    jobId = randomUUID(),
  ) {
    const payloadKey = this.queue.payloads.keyFor(submission, jobId);
    try {
      const [priority] = await Promise.all([
        this.ranks.enter(submission.tenant, jobId),
        this.queue.payloads.put(payloadKey, body),
      ]);
      const data = {
        ...submission,
        payloadKey,
        bodyBytes: body.length,
        ...(idempotencyRecordKey ? { idempotencyRecordKey } : {}),
      };
      return answerOf(
        await this.connectionLoss.race(
          this.queue.run('ingest', data, { timeoutMs: this.waitMs, jobId, priority }),
        ),
        false,
      );
    } catch (error) {
      // The job may still run: the record stays pending with its job id, and a repeat waits for it.
      if (error instanceof ConnectionLostError) throw lostWhileWaiting(error);
      if (idempotencyRecordKey)
        await this.records.release(idempotencyRecordKey).catch(() => undefined);
      throw unavailable('the queue', error);
    }
  }

  /**
   * Several requests to one funnel as one group job (docs/request-groups.md), waiting up to
   * `timeoutMs`: each request gets its own answer, in the order given.
   */
  async submitGroup(members: readonly GroupMember[], timeoutMs: number): Promise<Answer[]> {
    const [first] = members;
    if (!first) return [];
    const jobId = randomUUID();
    const { tenant, endpointUrl, funnelId, requestId } = first.submission;
    const entries = members.map(({ submission, body }, index) => {
      const payloadKey = this.queue.payloads.keyFor(submission, memberJobId(jobId, index));
      return { data: { ...submission, payloadKey, bodyBytes: body.length }, body };
    });
    try {
      const [priority] = await Promise.all([
        this.ranks.enter(tenant, jobId),
        this.queue.payloads.putMany(entries.map(({ data, body }) => [data.payloadKey, body])),
      ]);
      const group = {
        requestId,
        tenant,
        endpointUrl,
        funnelId,
        members: entries.map(({ data }) => data),
      };
      const outcome = await this.connectionLoss.race(
        this.queue.run('ingest-group', group, { timeoutMs, jobId, priority }),
      );
      if (outcome.state === 'running') return members.map(() => ({ state: 'running' }));
      return outcome.result.answers.map((answer) => ({
        state: 'answered',
        ...answer,
        replayed: false,
      }));
    } catch (error) {
      if (error instanceof ConnectionLostError) throw lostWhileWaiting(error);
      throw unavailable('the queue', error);
    }
  }

  /** Queues the request without waiting (`Prefer: respond-async`); the worker records the outcome. */
  async enqueue(submission: Submission, body: Buffer): Promise<void> {
    const jobId = randomUUID();
    const payloadKey = this.queue.payloads.keyFor(submission, jobId);
    try {
      const [priority] = await Promise.all([
        this.ranks.enter(submission.tenant, jobId),
        this.queue.payloads.put(payloadKey, body),
      ]);
      const data = { ...submission, payloadKey, bodyBytes: body.length, respondAsync: true };
      await this.queue.add('ingest', data, jobId, priority);
    } catch (error) {
      throw unavailable('the queue', error);
    }
  }

  /** `submit`, at most once per Idempotency-Key and body within 24 hours. */
  async submitOnce(submission: Submission, body: Buffer, clientKey: string): Promise<Answer> {
    if (!VALID_KEY.test(clientKey)) {
      throw new HttpError(400, 'The Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const { tenant, endpointUrl, method, dryRun, requestId } = submission;
    const recordKey = this.records.keyFor(tenant, endpointUrl, method, clientKey);
    const bodyHash = sha256(Buffer.concat([Buffer.from(dryRun ? 'dry-run\n' : 'run\n'), body]));
    const jobId = randomUUID();
    let existing: IdempotencyRecord | null;
    try {
      existing = await this.records.claim(recordKey, {
        state: 'pending',
        bodyHash,
        jobId,
        requestId,
      });
    } catch (error) {
      throw unavailable('the queue', error);
    }
    if (!existing) return this.submit(submission, body, recordKey, jobId);
    if (existing.bodyHash !== bodyHash) {
      throw new HttpError(
        422,
        'This Idempotency-Key was already used with another request body',
        {},
        {
          errors: { _request: { 'Idempotency-Key': 'Used before with another body' } },
        },
      );
    }
    if (existing.state === 'done') {
      return {
        state: 'answered',
        httpStatus: existing.httpStatus,
        envelope: existing.envelope,
        replayed: true,
      };
    }
    const outcome = await this.connectionLoss
      .race(this.queue.waitFor('ingest', existing.jobId, this.waitMs))
      .catch((error: unknown) => {
        throw error instanceof ConnectionLostError
          ? lostWhileWaiting(error)
          : unavailable('the queue', error);
      });
    if (outcome.state === 'running') return answerOf(outcome, true);
    // A 5xx is not kept for repeats (its worker freed the key), so it is no answer to replay.
    if (outcome.state === 'completed' && outcome.result.httpStatus < 500) {
      return answerOf(outcome, true);
    }
    // The first attempt failed (or its job expired unanswered): this one takes over.
    await this.records.releaseClaimOf(recordKey, existing.jobId);
    return this.submitOnce(submission, body, clientKey);
  }
}

/** The submitter of a process's funnel routes: its queue, idempotency records and tenant ranks. */
export function funnelSubmitter(
  queue: FunnelQueue,
  prefix: string,
  waitMs: number,
): FunnelSubmitter {
  const records = new IdempotencyRecords(queue.redis, prefix);
  return new FunnelSubmitter(queue, records, waitMs, new TenantRanks(queue.redis, prefix));
}

/**
 * Puts checked funnel requests on the queue and waits for their answers: the body goes to Redis
 * once, the job carries its key, and the job's priority is its tenant's rank. A request alone, a
 * group of them as one job, or one nobody waits for.
 */
import { randomUUID } from 'node:crypto';
import { ConnectionLoss, ConnectionLostError } from '../queue/connection-loss';
import type { FunnelQueue, JobOutcome } from '../queue/funnel-queue';
import { memberJobId } from '../queue/jobs';
import { TenantRanks } from '../redis/tenant-ranks';
import { answerOf, type Answer } from './answer';
import { QueueFailure } from './queue-failure';
import type { GroupMember, Submission } from './submission';

export interface SubmitOptions {
  /** The Idempotency-Key record the worker completes with the answer. */
  idempotencyRecordKey?: string;
  /** The job's id, when the caller named it beforehand (in an Idempotency-Key record). */
  jobId?: string;
}

/** A failure while queueing or waiting, as the queue failure it is for the request. */
function failureOf(error: unknown): QueueFailure {
  if (error instanceof ConnectionLostError) return new QueueFailure('lost-while-waiting', error);
  return new QueueFailure('unavailable', error);
}

export class QueueSubmitter {
  private readonly connectionLoss: ConnectionLoss;

  constructor(
    private readonly queue: FunnelQueue,
    private readonly waitMs: number,
    private readonly ranks: TenantRanks,
  ) {
    this.connectionLoss = new ConnectionLoss(queue.redis);
  }

  /** Queues the request alone and waits up to WAIT_TIMEOUT_MS for its answer. */
  async submit(submission: Submission, body: Buffer, options: SubmitOptions = {}): Promise<Answer> {
    const jobId = options.jobId ?? randomUUID();
    const payloadKey = this.queue.payloads.keyFor(submission, jobId);
    const { idempotencyRecordKey } = options;
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
      const outcome = await this.connectionLoss.race(
        this.queue.run('ingest', data, { timeoutMs: this.waitMs, jobId, priority }),
      );
      return answerOf(outcome, false);
    } catch (error) {
      throw failureOf(error);
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
      throw failureOf(error);
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
      throw new QueueFailure('unavailable', error);
    }
  }

  /** Waits up to WAIT_TIMEOUT_MS for a job queued earlier, by any process. */
  async waitFor(
    tenant: string,
    jobId: string,
  ): Promise<JobOutcome<'ingest'> | { state: 'gone'; jobId: string }> {
    try {
      const outcome = this.queue.waitFor('ingest', tenant, jobId, this.waitMs);
      return await this.connectionLoss.race(outcome);
    } catch (error) {
      throw failureOf(error);
    }
  }
}

/** The submitter of a process's funnel requests: its queue and tenant ranks. */
export function queueSubmitter(queue: FunnelQueue, waitMs: number) {
  return new QueueSubmitter(queue, waitMs, new TenantRanks(queue.redis, queue.keys));
}

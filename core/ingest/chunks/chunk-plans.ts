/**
 * The writes of a large request, stored once in Redis for its chunk jobs: one hash per request,
 * with a field per chunk (its item writes, write-codec.ts) and one for the result
 * the request's job answers with once every chunk is written. The hash goes when the request is
 * recorded, with the payload's expiry as the backstop.
 */
import type { RedisClient } from '../../redis/redis-connection';
import type { KeySpace } from '../../redis/key-space';
import { z } from 'zod';
import { historyStatusSchema } from '../../history/history-record';
import { PAYLOAD_TTL_SECONDS } from '../../redis/payload-store';
import { ingestJob } from '../../queue/jobs';
import type { ItemWrite } from '../../items/item-store';
import type { RequestResult } from '../request-result';
import { decodeWrites, encodeWrites } from './write-codec';

const RESULT_FIELD = 'result';

/**
 * Checked loosely: the fields the job answers with must be there; the rest (errors, successIds)
 * are passed on as they were written a moment earlier by the same code.
 */
const plannedSchema = z.object({
  /** When the request's job first started: its processing time counts from there. */
  startedAt: z.number(),
  result: z.looseObject({
    status: historyStatusSchema,
    httpStatus: z.number().int(),
    message: z.string(),
    itemCount: z.number().int(),
    envelope: ingestJob.result.shape.envelope,
  }),
});

export interface PlannedRequest {
  startedAt: number;
  result: RequestResult;
}

export class ChunkPlans {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
  ) {}

  /** The plan of the request of job `jobId`, of `tenant`: a chunk job names one of its tenant's. */
  keyFor(tenant: string, jobId: string): string {
    return `${this.keys.ofTenant(tenant)}:chunks:${tenant}:${jobId}`;
  }

  /** Stores the request's result and its chunks, replacing what a crashed run left. */
  async store(key: string, planned: PlannedRequest, chunks: readonly ItemWrite[][]): Promise<void> {
    const fields = new Map<string, string | Buffer>([[RESULT_FIELD, JSON.stringify(planned)]]);
    chunks.forEach((writes, n) => fields.set(String(n), encodeWrites(writes)));
    const replies = await this.redis
      .multi()
      .del(key)
      .hset(key, fields)
      .expire(key, PAYLOAD_TTL_SECONDS)
      .exec();
    const failed = replies?.find(([error]) => error !== null);
    if (!replies || failed) throw failed?.[0] ?? new Error('Redis discarded the transaction');
  }

  /** The writes of chunk `n`, or null when the plan is gone. */
  async chunk(key: string, n: number): Promise<ItemWrite[] | null> {
    const bytes = await this.redis.hgetBuffer(key, String(n));
    return bytes ? decodeWrites(bytes) : null;
  }

  /** The request's result and start, or null when the plan is gone. */
  async planned(key: string): Promise<PlannedRequest | null> {
    const text = await this.redis.hget(key, RESULT_FIELD);
    if (text === null) return null;
    const parsed = plannedSchema.parse(JSON.parse(text));
    return { startedAt: parsed.startedAt, result: parsed.result };
  }

  async remove(key: string): Promise<void> {
    await this.redis.del(key);
  }
}

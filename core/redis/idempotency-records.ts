/**
 * Idempotency-Key records in Redis (docs/api-behaviour.md#idempotency-key), shared by every API
 * process and the workers: the first request with a key claims it (pending, with its job); the
 * worker that finishes the job stores the answer (done); a repeat within 24 hours gets that answer
 * again, or waits for the job still in flight. The client's key is hashed, so any key fits in a
 * Redis key.
 */
import { createHash } from 'node:crypto';
import type { RedisClient } from './redis-connection';
import type { KeySpace } from './key-space';
import { z } from 'zod';

const TTL_SECONDS = 24 * 60 * 60;

/** Deletes KEYS[1] when its record names job ARGV[1]: check and delete in one step. */
const RELEASE_CLAIM_OF = `
local current = redis.call('GET', KEYS[1])
if current and cjson.decode(current).jobId == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const common = { bodyHash: z.string(), jobId: z.string(), requestId: z.string() };
const idempotencyRecordSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending'), ...common }),
  z.object({
    state: z.literal('done'),
    ...common,
    httpStatus: z.number().int(),
    envelope: z.looseObject({ status: z.string(), message: z.string() }),
  }),
]);
export type IdempotencyRecord = z.infer<typeof idempotencyRecordSchema>;
export type PendingRecord = Extract<IdempotencyRecord, { state: 'pending' }>;
export type DoneRecord = Extract<IdempotencyRecord, { state: 'done' }>;

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export class IdempotencyRecords {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
  ) {}

  /** Keys are scoped to the tenant, the funnel and the method. */
  keyFor(tenant: string, endpointUrl: string, method: string, clientKey: string): string {
    return `${this.scopeOf(tenant, endpointUrl, method)}${sha256(clientKey)}`;
  }

  /** Whether `key` is a key of requests with this method to this tenant's funnel. */
  belongsTo(key: string, tenant: string, endpointUrl: string, method: string): boolean {
    const scope = this.scopeOf(tenant, endpointUrl, method);
    return key.startsWith(scope) && /^[0-9a-f]{64}$/.test(key.slice(scope.length));
  }

  private scopeOf(tenant: string, endpointUrl: string, method: string): string {
    return `${this.keys.ofTenant(tenant)}:idempotency:${tenant}:${endpointUrl}:${method}:`;
  }

  /** Claims the key for a new request; returns the existing record when another has it. */
  async claim(key: string, pending: PendingRecord): Promise<IdempotencyRecord | null> {
    const claimed = await this.redis.set(key, JSON.stringify(pending), 'EX', TTL_SECONDS, 'NX');
    if (claimed === 'OK') return null;
    const existing = await this.redis.get(key);
    if (existing === null) return this.claim(key, pending); // expired in between
    return idempotencyRecordSchema.parse(JSON.parse(existing));
  }

  /**
   * Stores the answer of the claimed request, for repeats, keeping the claim's expiry. Called by
   * the worker that ran the job, so the answer is kept even if the API process that took the
   * request is gone.
   */
  async complete(key: string, answer: Pick<DoneRecord, 'httpStatus' | 'envelope'>): Promise<void> {
    const current = await this.redis.get(key);
    if (current === null) return;
    const claim = idempotencyRecordSchema.parse(JSON.parse(current));
    const done: DoneRecord = { ...claim, state: 'done', ...answer };
    await this.redis.set(key, JSON.stringify(done), 'KEEPTTL', 'XX');
  }

  /**
   * Frees the key if its claim is still that of `jobId`, a job that ended without an answer worth
   * keeping; a claim taken meanwhile by a repeat stays.
   */
  async releaseClaimOf(key: string, jobId: string): Promise<void> {
    await this.redis.eval(RELEASE_CLAIM_OF, 1, key, jobId);
  }

  /** Frees the key of a request that failed for good, so that a repeat is processed anew. */
  async release(key: string): Promise<void> {
    await this.redis.del(key);
  }
}

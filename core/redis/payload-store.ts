/**
 * Request bodies in Redis, stored once as the bytes that arrived: a job carries only the key,
 * so a 16 MiB body is never re-encoded into job data or copied between jobs. A body lives until
 * its request is recorded, with a day's expiry as the backstop.
 */
import type { RedisClient } from './redis-connection';
import type { KeySpace } from './key-space';

/** How long a request's data waits in Redis at most; jobs that need it give up after this. */
export const PAYLOAD_TTL_SECONDS = 24 * 60 * 60;

/** The request a body was sent with: its tenant and funnel. */
export interface PayloadOwner {
  tenant: string;
  endpointUrl: string;
}

export class PayloadStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
  ) {}

  /**
   * Where the body of the request of job `jobId` waits. The key names the tenant and the funnel
   * it was sent to, so that a job can be checked to name a body of its own (core/ingest/job-trust.ts).
   */
  keyFor(owner: PayloadOwner, jobId: string): string {
    return `${this.keys.ofTenant(owner.tenant)}:payload:${owner.tenant}:${owner.endpointUrl}:${jobId}`;
  }

  async put(key: string, body: Buffer): Promise<void> {
    await this.redis.set(key, body, 'EX', PAYLOAD_TTL_SECONDS);
  }

  async get(key: string): Promise<Buffer | null> {
    return this.redis.getBuffer(key);
  }

  /** The bodies of a group of requests, stored in one round trip. */
  async putMany(entries: readonly (readonly [key: string, body: Buffer])[]): Promise<void> {
    const transaction = this.redis.multi();
    for (const [key, body] of entries) transaction.set(key, body, 'EX', PAYLOAD_TTL_SECONDS);
    const replies = await transaction.exec();
    const failed = replies?.find(([error]) => error !== null);
    if (!replies || failed) throw failed?.[0] ?? new Error('Redis discarded the transaction');
  }

  /** Bodies by key, in the keys' order (null where one is gone), in one round trip. */
  async getMany(keys: readonly string[]): Promise<(Buffer | null)[]> {
    if (keys.length === 0) return [];
    return this.redis.mgetBuffer(...keys);
  }

  async remove(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys);
  }
}

/**
 * Request bodies in Redis, stored once as the bytes that arrived: a job carries only the key,
 * so a 16 MiB body is never re-encoded into job data or copied between jobs. A body lives until
 * its job is done, with a day's expiry as the backstop.
 */
import type { Redis } from 'ioredis';

const PAYLOAD_TTL_SECONDS = 24 * 60 * 60;

export class PayloadStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  keyFor(jobId: string): string {
    return `${this.prefix}:payload:${jobId}`;
  }

  async put(key: string, body: Buffer): Promise<void> {
    await this.redis.set(key, body, 'EX', PAYLOAD_TTL_SECONDS);
  }

  async get(key: string): Promise<Buffer | null> {
    return this.redis.getBuffer(key);
  }

  async remove(key: string): Promise<void> {
    await this.redis.del(key);
  }
}

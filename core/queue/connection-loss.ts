/**
 * Tells the requests waiting on a job that the Redis connection dropped. The job's result would
 * come through Redis too (the process's reply list), so waiting on would most likely end in
 * WAIT_TIMEOUT_MS; the caller is better served by a prompt 503 (the job itself stays queued and
 * may still run once Redis is back: the history record, or a retry with the same
 * Idempotency-Key, tells).
 */
import type { RedisClient } from '../redis/redis-connection';

export class ConnectionLostError extends Error {
  constructor() {
    super('The Redis connection was lost while waiting for the job');
    this.name = 'ConnectionLostError';
  }
}

export class ConnectionLoss {
  private reject: (error: Error) => void = () => undefined;
  private current!: Promise<never>;

  constructor(redis: RedisClient) {
    this.arm();
    redis.on('close', () => {
      const reject = this.reject;
      this.arm();
      reject(new ConnectionLostError());
    });
  }

  /** Settles `work`, or rejects as soon as the connection drops while it runs. */
  race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.current]);
  }

  private arm(): void {
    this.current = new Promise<never>((_resolve, reject) => {
      this.reject = reject;
    });
    // Nobody may be waiting when the connection drops: that is not an unhandled rejection.
    this.current.catch(() => undefined);
  }
}

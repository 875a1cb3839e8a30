/**
 * A Sentinel-mode connection that only ends when it is closed.
 *
 * ioredis subscribes to Sentinel's `+switch-master` announcements and reconnects when one comes.
 * If the announcement arrives while the client is asking a sentinel where the primary is (it is
 * already reconnecting, because the old primary died), the attempt is cancelled as if the client
 * had been closed on purpose: the client ends for good, and every command then fails with
 * "Connection is closed" until the process restarts. This client connects again instead, unless
 * `quit` or `disconnect` closed it. Its duplicates (BullMQ makes one for each of its blocking
 * connections) behave the same.
 */
import { Redis, type RedisOptions } from 'ioredis';

const RECONNECT_AFTER_END_MS = 100;

export class SentinelClient extends Redis {
  private closed = false;

  constructor(options: RedisOptions) {
    super(options);
    this.on('end', () => {
      if (this.closed) return;
      setTimeout(() => {
        if (!this.closed && this.status === 'end') this.connect().catch(() => undefined);
      }, RECONNECT_AFTER_END_MS).unref();
    });
  }

  override disconnect(reconnect = false): void {
    if (!reconnect) this.closed = true;
    super.disconnect(reconnect);
  }

  override quit(...args: Parameters<Redis['quit']>): ReturnType<Redis['quit']> {
    this.closed = true;
    return super.quit(...args);
  }

  override duplicate(override?: Partial<RedisOptions>): SentinelClient {
    return new SentinelClient({ ...this.options, ...override });
  }
}

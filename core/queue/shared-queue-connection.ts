/**
 * BullMQ's connection for a queue on a client we share between queues. A queue reports a failed
 * start (its Redis version check) as an `error` on this connection, and closing the queue removes
 * every listener. A start still under way at close (Redis away, or the client dropped right after)
 * would then fail with nobody listening: an unhandled error, which ends the process. Once the
 * queue is closed such a failure means nothing, so this connection always keeps a listener.
 */
import { RedisConnection } from 'bullmq';

const ignore = () => undefined;

export class SharedQueueConnection extends RedisConnection {
  override removeAllListeners(event?: string | symbol): this {
    super.removeAllListeners(event);
    if (event === undefined || event === 'error') this.on('error', ignore);
    return this;
  }
}

/**
 * Schedules the hourly history purge when the server refused the TTL index. The scheduler has a
 * fixed id, so however many workers start, the queue holds one schedule.
 */
import { Queue } from 'bullmq';
import { FUNNEL_QUEUE } from '../core/queue/queue-names';
import { redisOptions } from '../core/queue/redis-connection';

export const PURGE_SCHEDULER_ID = 'purge-history';
const PURGE_EVERY_MS = 60 * 60 * 1000;

export async function schedulePurge(
  redisUrl: string,
  prefix: string,
  enabled: boolean,
): Promise<void> {
  const queue = new Queue(FUNNEL_QUEUE, {
    connection: { url: redisUrl, ...redisOptions('command') },
    prefix,
  });
  try {
    if (enabled) {
      await queue.upsertJobScheduler(
        PURGE_SCHEDULER_ID,
        { every: PURGE_EVERY_MS },
        { name: 'purge-history', data: {}, opts: { removeOnComplete: 100, removeOnFail: 100 } },
      );
    } else {
      await queue.removeJobScheduler(PURGE_SCHEDULER_ID);
    }
  } finally {
    await queue.close();
  }
}

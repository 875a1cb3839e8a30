/**
 * Ingestion first (docs/export.md#deliveries): the export reads whether funnel jobs run from the
 * funnel queue's list of jobs under way, as BullMQ keeps it.
 */
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { IngestActivity } from '../../../core/export/ingest-first';
import { FUNNEL_QUEUE } from '../../../core/queue/queue-names';
import { redisUrl, uniquePrefix } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

describe('ingestion first', () => {
  const prefix = uniquePrefix('ingest-first');
  const redis = new Redis(redisUrl(), { maxRetriesPerRequest: null });
  const queue = new Queue(FUNNEL_QUEUE, { connection: redis, prefix });
  let release: () => void = () => undefined;
  const worker = new Worker(
    FUNNEL_QUEUE,
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    { connection: { url: redisUrl(), maxRetriesPerRequest: null }, prefix },
  );
  const activity = new IngestActivity(redis, prefix);

  afterAll(async () => {
    release();
    await worker.close();
    await queue.close();
    redis.disconnect();
  });

  it('when a funnel job runs, then ingestion is busy; when it is done, then it is not', async () => {
    expect(await activity.busy()).toBe(false);
    const job = await queue.add('request', {});
    await waitUntil(
      () => activity.busy(),
      (busy) => busy,
      { what: 'a funnel job under way' },
    );
    release();
    await waitUntil(
      () => job.getState(),
      (state) => state === 'completed',
      { what: 'the job done' },
    );
    expect(await activity.busy()).toBe(false);
  });
});

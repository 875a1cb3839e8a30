/**
 * The worker's side of job replies (job-reply.ts): once a job has ended (completed, or failed
 * with no attempt left), its outcome is pushed to the reply list its data names, if any. Sent
 * after BullMQ recorded the end, so a caller never hears of an outcome the queue does not hold.
 */
import type { Job } from 'bullmq';
import type { Logger } from '../platform/logger';
import type { KeySpace } from '../redis/key-space';
import type { RedisClient } from '../redis/redis-connection';
import { isReplyAddress, REPLY_LIST_TTL_MS, type JobReply } from './job-reply';

/** Pushes a reply and renews the list's expiry: one command where a transaction sends four. */
const PUSH_REPLY = `
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
`;

/** What a reply is sent from: BullMQ's Worker, or several of them. */
export interface EndedJobs {
  on(event: 'completed', listener: (job: Job, result: unknown) => void): void;
  on(event: 'failed', listener: (job: Job | undefined, error: Error) => void): void;
}

export function sendJobReplies(
  jobs: EndedJobs,
  redis: RedisClient,
  keys: KeySpace,
  logger: Logger,
): void {
  const send = async (job: Job, reply: JobReply): Promise<void> => {
    const address = (job.data as { replyTo?: unknown } | undefined)?.replyTo;
    if (!isReplyAddress(keys, address)) return;
    try {
      await redis.eval(PUSH_REPLY, 1, address, JSON.stringify(reply), REPLY_LIST_TTL_MS);
    } catch (error) {
      // The caller's wait runs out; it then answers that the job is still running.
      logger.warn({ err: error, jobId: reply.jobId }, 'job reply not sent');
    }
  };
  jobs.on('completed', (job, result) => {
    void send(job, { jobId: job.id ?? '', state: 'completed', result });
  });
  jobs.on('failed', (job, error) => {
    // A failure with an attempt left is retried: not an outcome yet.
    if (!job?.finishedOn) return;
    void send(job, { jobId: job.id ?? '', state: 'failed', reason: error.message });
  });
}

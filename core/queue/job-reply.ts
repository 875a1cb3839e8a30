/**
 * A job's outcome, sent by the worker that ended it to the API process that waits for it: each
 * such process reads replies from a Redis list of its own, whose key the job's data carries
 * (`replyTo`). So an API process hears of its own jobs only, in one message each, rather than
 * reading every event of every queue shard (docs/redis.md#replies).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { KeySpace } from '../redis/key-space';

export const jobReplySchema = z.discriminatedUnion('state', [
  z.object({ jobId: z.string().min(1), state: z.literal('completed'), result: z.unknown() }),
  z.object({ jobId: z.string().min(1), state: z.literal('failed'), reason: z.string() }),
]);

export type JobReply = z.infer<typeof jobReplySchema>;

/**
 * A reply list lives this long after the last reply pushed to it: a process that stopped reading
 * (it died) leaves no list behind for longer. A process that reads empties it at once.
 */
export const REPLY_LIST_TTL_MS = 10 * 60 * 1000;

const REPLIES = 'replies:';
const PROCESS_ID = /^[0-9a-f-]{36}$/;

/** A new process's reply list, in whatever cluster slot its name hashes to. */
export const newReplyAddress = (keys: KeySpace): string => keys.global(`${REPLIES}${randomUUID()}`);

/**
 * Whether `value` names a reply list of this deployment: a worker pushes to no other key, whatever
 * a job's data says.
 */
export function isReplyAddress(keys: KeySpace, value: unknown): value is string {
  const start = keys.global(REPLIES);
  return (
    typeof value === 'string' &&
    value.startsWith(start) &&
    PROCESS_ID.test(value.slice(start.length))
  );
}

/** Defaults for every job on the funnel queue, and the options of the jobs that differ. */
import type { BackoffStrategy, JobsOptions } from 'bullmq';

/** How a job is queued: its attempts, backoff, parent and retention. */
export type JobOptions = JobsOptions;

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  // A job that fails because an engine is away is tried again with growing pauses.
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  // Finished jobs leave Redis after a bounded time: history lives in MongoDB, not here.
  removeOnComplete: { age: 60 * 60, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 60 * 60, count: 10_000 },
};

/**
 * A chunk job that fails for good does not fail its request's job at once: the request's job
 * runs again when every chunk has ended, finds the failures (getIgnoredChildrenFailures) and
 * ends the request with one history record and a clear answer.
 */
export const CHUNK_JOB_OPTIONS: JobsOptions = { ignoreDependencyOnFailure: true };

/** Doubling pauses from 1 s, never longer than 5 minutes (BullMQ's exponential has no ceiling). */
export const CAPPED_EXPONENTIAL = 'capped-exponential';
const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 5 * 60 * 1_000;

/** The Worker's `settings.backoffStrategy`: BullMQ asks it for backoff types it lacks. */
export const backoffStrategy: BackoffStrategy = (attemptsMade, type) => {
  if (type !== CAPPED_EXPONENTIAL) throw new Error(`Unknown backoff type "${type}"`);
  return Math.min(FIRST_PAUSE_MS * 2 ** Math.max(0, attemptsMade - 1), LONGEST_PAUSE_MS);
};

/**
 * The history record of a request whose job gave up while MongoDB was away is tried until
 * MongoDB is back: 300 attempts span about 24 hours, the life of the request's body in Redis.
 */
export const RECORD_HISTORY_JOB_OPTIONS: JobsOptions = {
  attempts: 300,
  backoff: { type: CAPPED_EXPONENTIAL },
};

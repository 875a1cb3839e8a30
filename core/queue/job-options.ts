/** Defaults for every job on the funnel queue. */
import type { JobsOptions } from 'bullmq';

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  // A job that fails because an engine is away is tried again with growing pauses.
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  // Finished jobs leave Redis after a bounded time: history lives in MongoDB, not here.
  removeOnComplete: { age: 60 * 60, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 60 * 60, count: 10_000 },
};

/**
 * The jobs on the funnel queue: for each job name, the schema of its data and of its result.
 * Both sides parse with these, so a producer and a worker of different versions fail loudly
 * instead of misreading each other.
 */
import { z } from 'zod';

const requestId = z.string().min(1).max(128);

/** A round trip through a worker: proves that workers take jobs and results come back. */
export const pingJob = {
  data: z.object({
    requestId,
    /** Keeps the worker busy this long; lets an operator see shutdown hand a job back. */
    holdMs: z.number().int().min(0).max(60_000).default(0),
  }),
  result: z.object({
    workerId: z.string(),
    processedAt: z.iso.datetime(),
  }),
};

export const JOBS = {
  ping: pingJob,
} as const;

export type JobName = keyof typeof JOBS;
export type JobData<N extends JobName> = z.input<(typeof JOBS)[N]['data']>;
export type ParsedJobData<N extends JobName> = z.output<(typeof JOBS)[N]['data']>;
export type JobResult<N extends JobName> = z.output<(typeof JOBS)[N]['result']>;

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}

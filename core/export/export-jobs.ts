/**
 * The export queue's jobs. Each job id is derived from what it works on, so the queue holds at
 * most one dispatch per export and one send per lane: adding one that exists is a no-op.
 */
import { z } from 'zod';

export const EXPORT_QUEUE = 'exports';

const dispatchJobSchema = z.object({ tenant: z.string(), exportId: z.string() });
const sendJobSchema = dispatchJobSchema.extend({ lane: z.number().int().min(0) });
export type DispatchJob = z.infer<typeof dispatchJobSchema>;
export type SendJob = z.infer<typeof sendJobSchema>;

/** A job as the worker takes it: its name with its data. */
export const exportJobSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('dispatch'), data: dispatchJobSchema }),
  z.object({ name: z.literal('send'), data: sendJobSchema }),
  z.object({ name: z.literal('sweep'), data: z.object({}) }),
]);
export type ExportJob = z.infer<typeof exportJobSchema>;

/** BullMQ refuses ":" in job ids; tenants, export ids and lanes hold none of "|". */
export const dispatchJobId = ({ tenant, exportId }: DispatchJob) =>
  `dispatch|${tenant}|${exportId}`;
export const sendJobId = ({ tenant, exportId, lane }: SendJob) =>
  `send|${tenant}|${exportId}|${lane}`;

export const SWEEP_SCHEDULER_ID = 'export-sweep';

/**
 * Finished jobs are removed at once, so that the next add of the same id is taken. Failures are
 * retried by BullMQ a few times, then removed too: the periodic sweep adds what still waits.
 */
export const EXPORT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;

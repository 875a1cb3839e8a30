/**
 * The BullMQ processor function: checks the job's data against its schema, runs the job's
 * processor inside a log context carrying the job id, and when shutdown aborts the job, hands it
 * back to the queue instead of failing it. A job that waits for its children (a chunked request)
 * is parked, not failed.
 */
import { WaitingError, type Job, type Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import { withLogContext } from '../core/logging/log-context';
import type { EngineInfo } from '../core/db/engine';
import type { WriteLock } from '../core/db/write-lock';
import type { Logger } from '../core/logging/logger';
import type { IdempotencyRecords } from '../core/queue/idempotency-records';
import type { PayloadStore } from '../core/queue/payload-store';
import {
  JOBS,
  isJobName,
  type JobName,
  type JobResult,
  type ParsedJobData,
} from '../core/queue/jobs';
import type { ChunkPlans } from './chunks/chunk-plans';
import type { SettingsCache } from './ingest/settings-cache';
import type { WorkerMetrics } from './metrics/worker-metrics';
import type { Processor, ProcessorContext, ProcessorTable } from './processors/processor';
import { parksJob, runningJob } from './running-job';

export interface DispatcherDeps {
  logger: Logger;
  mongo: Connection;
  processors: ProcessorTable;
  workerId: string;
  payloads: PayloadStore;
  settings: SettingsCache;
  idempotency: IdempotencyRecords;
  historyTtlDays: number;
  engine: EngineInfo;
  writeLock: WriteLock;
  /** Where jobs add jobs: a request's chunk jobs, a late history record. */
  queue: Queue;
  chunkSize: number | undefined;
  chunkPlans: ChunkPlans;
  /** Counts and times every attempt. */
  metrics: WorkerMetrics;
}

/** Parses the job's data with its schema and runs the processor of its name. */
function runJob<N extends JobName>(
  processors: ProcessorTable,
  name: N,
  data: unknown,
  context: ProcessorContext,
): Promise<JobResult<N>> {
  const processor = processors[name] as Processor<N>;
  return processor(JOBS[name].data.parse(data) as ParsedJobData<N>, context);
}

export function createDispatcher(deps: DispatcherDeps) {
  const dispatch = async (job: Job, token?: string, signal?: AbortSignal): Promise<unknown> => {
    const jobId = job.id ?? 'unknown';
    const data = job.data as { requestId?: unknown };
    const requestId = typeof data.requestId === 'string' ? data.requestId : undefined;
    return withLogContext({ jobId, ...(requestId ? { requestId } : {}) }, async () => {
      if (!isJobName(job.name)) throw new Error(`Unknown job name "${job.name}"`);
      const name: JobName = job.name;
      const abort = signal ?? new AbortController().signal;
      const started = Date.now();
      deps.logger.info({ job: name, attempt: job.attemptsMade + 1 }, 'job started');
      try {
        const result = await runJob(deps.processors, name, job.data, {
          jobId,
          logger: deps.logger,
          mongo: deps.mongo,
          signal: abort,
          workerId: deps.workerId,
          payloads: deps.payloads,
          settings: deps.settings,
          idempotency: deps.idempotency,
          historyTtlDays: deps.historyTtlDays,
          engine: deps.engine,
          writeLock: deps.writeLock,
          job: runningJob(job, token, deps.queue),
          chunkSize: deps.chunkSize,
          chunkPlans: deps.chunkPlans,
        });
        deps.logger.info({ job: name, durationMs: Date.now() - started }, 'job finished');
        return result;
      } catch (error) {
        if (parksJob(error)) {
          deps.logger.info({ job: name, durationMs: Date.now() - started }, 'job waits');
          throw error;
        }
        if (abort.aborted) {
          deps.logger.warn(
            { job: name },
            'job interrupted by shutdown; handing it back to the queue',
          );
          await job.moveToWait(token);
          throw new WaitingError();
        }
        deps.logger.error({ job: name, err: error }, 'job failed');
        throw error;
      }
    });
  };
  return deps.metrics.measure(dispatch);
}

/**
 * The BullMQ processor function: checks the job's data against its schema, runs the job's
 * processor inside a log context carrying the job id, and when shutdown aborts the job, hands it
 * back to the queue instead of failing it. A job that waits for its children (a chunked request)
 * is parked, not failed. A failure that would repeat is not retried (core/ingest/failure-kind.ts).
 * Every attempt is counted and timed.
 */
import { DelayedError, UnrecoverableError, WaitingError, type Job, type Queue } from 'bullmq';
import type { IngestContext, IngestServices } from '../core/ingest/ingest-context';
import { failureKind } from '../core/ingest/failure-kind';
import { ForeignJobDataError } from '../core/ingest/job-trust';
import { withLogContext } from '../core/platform/log-context';
import { JOBS, isJobName, type JobName, type JobResult } from '../core/queue/jobs';
import { traceJob } from '../core/queue/job-tracing';
import type { FairShare } from './fair-share';
import type { WorkerMetrics } from './metrics/worker-metrics';
import type { Processor, ProcessorTable } from './processors/processor';
import { parksJob, runningJob } from './bullmq-running-job';

export interface DispatcherDeps {
  services: IngestServices;
  processors: ProcessorTable;
  /** Where jobs add jobs: a request's chunk jobs, a late history record. */
  queue: Queue;
  metrics: WorkerMetrics;
  /** Fairness between tenants, for funnel requests; absent: jobs run as they come. */
  fairShare?: FairShare;
}

/** Parses the job's data with its schema and runs the processor of its name. */
function runJob<N extends JobName>(
  processors: ProcessorTable,
  name: N,
  data: unknown,
  context: IngestContext,
): Promise<JobResult<N>> {
  const processor = processors[name] as Processor<N>;
  return processor(JOBS[name].data.parse(data) as Parameters<Processor<N>>[0], context);
}

export function createDispatcher(deps: DispatcherDeps) {
  const { services, processors, queue, metrics } = deps;
  const fairShare = deps.fairShare;
  const { logger } = services;
  const dispatch = async (job: Job, token?: string, signal?: AbortSignal): Promise<unknown> => {
    const jobId = job.id ?? 'unknown';
    const data = job.data as { requestId?: unknown };
    const requestId = typeof data.requestId === 'string' ? data.requestId : undefined;
    return withLogContext({ jobId, ...(requestId ? { requestId } : {}) }, async () => {
      if (!isJobName(job.name)) throw new Error(`Unknown job name "${job.name}"`);
      const name: JobName = job.name;
      const abort = signal ?? new AbortController().signal;
      const fair = name === 'ingest' || name === 'ingest-group' ? fairShare : undefined;
      // Parked behind its tenant's other large requests: not started, nothing to count.
      if (fair && !(await fair.admit(job, token))) throw new DelayedError();
      const started = Date.now();
      logger.info({ job: name, attempt: job.attemptsMade + 1 }, 'job started');
      try {
        const context = { ...services, jobId, signal: abort, job: runningJob(job, token, queue) };
        const result = await traceJob(job, () => runJob(processors, name, job.data, context));
        logger.info({ job: name, durationMs: Date.now() - started }, 'job finished');
        // Bookkeeping for later jobs: the answer does not wait for it (it logs its own failures).
        void fair?.after(job);
        return result;
      } catch (error) {
        await fair?.after(job, error);
        if (parksJob(error)) {
          logger.info({ job: name, durationMs: Date.now() - started }, 'job waits');
          throw error;
        }
        if (abort.aborted) {
          logger.warn({ job: name }, 'job interrupted by shutdown; handing it back to the queue');
          await job.moveToWait(token);
          throw new WaitingError();
        }
        const failure = failureKind(error);
        logger.error({ job: name, err: error, failure }, 'job failed');
        // Retrying would not make another request's data its own, nor help what fails again.
        if (error instanceof ForeignJobDataError || failure === 'fails-again') {
          throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
        }
        throw error;
      }
    });
  };
  return metrics.measure(dispatch);
}

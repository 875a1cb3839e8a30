/**
 * Prometheus metrics of one worker process: job attempts by job name and outcome, the time each
 * takes, the share of its concurrency in use, and Node's own process metrics (CPU, memory, event
 * loop lag, GC). The API's metrics describe requests; these describe the worker running them.
 */
import type { Job } from 'bullmq';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { EVENT_LOOP_SAMPLING_MS } from '../../core/platform/event-loop-sampling';
import type { StoredPayload } from '../../core/history/stored-payload';
import { isJobName } from '../../core/queue/jobs';
import { parksJob } from '../bullmq-running-job';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** How an attempt ended: done, thrown, or set aside (waiting for its children, handed back). */
type JobOutcome = 'completed' | 'failed' | 'parked';

type JobFunction = (job: Job, token?: string, signal?: AbortSignal) => Promise<unknown>;

export class WorkerMetrics {
  readonly registry = new Registry();
  private readonly jobs: Counter<'job' | 'outcome'>;
  private readonly duration: Histogram<'job' | 'outcome'>;
  private readonly payloadBytes: Counter<'form'>;
  private active = 0;

  constructor(concurrency: number) {
    const registers = [this.registry];
    collectDefaultMetrics({
      register: this.registry,
      prefix: 'funnel_sync_worker_',
      eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLING_MS,
    });
    this.jobs = new Counter({
      name: 'funnel_sync_worker_jobs_total',
      help: 'Job attempts this worker ran, by job name and outcome (completed, failed, parked)',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.duration = new Histogram({
      name: 'funnel_sync_worker_job_seconds',
      help: 'Time this worker spent on a job attempt, by job name and outcome',
      labelNames: ['job', 'outcome'],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.payloadBytes = new Counter({
      name: 'funnel_sync_history_payload_bytes_total',
      help:
        'Bytes of request bodies this worker kept in the history apart from their records (past ' +
        'the 16 KiB preview), as received (form="raw") and compressed as stored (form="stored"); ' +
        'over HISTORY_PAYLOAD_DAYS, what is kept',
      labelNames: ['form'],
      registers,
    });
    const busy = () => this.active;
    new Gauge({
      name: 'funnel_sync_worker_busy_ratio',
      help: 'Jobs running now divided by WORKER_CONCURRENCY (1: every slot taken)',
      registers,
      collect() {
        this.set(busy() / concurrency);
      },
    });
    new Gauge({
      name: 'funnel_sync_worker_concurrency',
      help: 'WORKER_CONCURRENCY of this worker: jobs it runs at once at most',
      registers,
    }).set(concurrency);
  }

  /** Counts a body kept in the history. */
  readonly payloadKept = (stored: StoredPayload): void => {
    this.payloadBytes.inc({ form: 'raw' }, stored.bytes);
    this.payloadBytes.inc({ form: 'stored' }, stored.storedBytes);
  };

  /** Wraps BullMQ's processor function so that every attempt is counted and timed. */
  measure(run: JobFunction): JobFunction {
    return async (job, token, signal) => {
      // Any other name is refused by the dispatcher; one label value keeps the series few.
      const name = isJobName(job.name) ? job.name : 'unknown';
      const stopTimer = this.duration.startTimer({ job: name });
      this.active += 1;
      let outcome: JobOutcome = 'failed';
      try {
        const result = await run(job, token, signal);
        outcome = 'completed';
        return result;
      } catch (error) {
        if (parksJob(error)) outcome = 'parked';
        throw error;
      } finally {
        this.active -= 1;
        stopTimer({ outcome });
        this.jobs.inc({ job: name, outcome });
      }
    };
  }
}

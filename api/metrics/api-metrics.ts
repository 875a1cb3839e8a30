/**
 * Prometheus metrics of an API process (GET /metrics): funnel requests by funnel, method and
 * status, and dry runs apart (a failed one wrote nothing: no failure to alert on); items imported, failed and deleted; queue wait and processing time as the workers
 * report them with each result; queue depth and worker count, read from Redis at scrape time.
 * Asynchronous requests (202) count as requests; their items are not seen here. The funnel label
 * takes a bounded set of values (funnel-labels.ts).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { EVENT_LOOP_SAMPLING_MS } from '../../core/platform/event-loop-sampling';
import type { FunnelQueue } from '../../core/queue/funnel-queue';
import type { JobResult } from '../../core/queue/jobs';
import { FunnelLabels } from './funnel-labels';

/** Who a funnel request was for, as far as it was known when it ended. */
export interface RequestFunnel {
  /** Absent when the request was refused before its token was authenticated. */
  tenant?: string;
  endpointUrl: string;
  /** Whether the funnel was looked up and found. */
  found: boolean;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export class ApiMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'funnel' | 'method' | 'status'>;
  private readonly dryRuns: Counter<'funnel' | 'method' | 'status'>;
  private readonly items: Counter<'funnel' | 'outcome'>;
  private readonly queueWait: Histogram<'funnel'>;
  private readonly processing: Histogram<'funnel'>;
  private readonly groupSizes: Histogram;
  private readonly labels: FunnelLabels;

  constructor(queue: FunnelQueue, options: { maxFunnels: number }) {
    this.labels = new FunnelLabels(options.maxFunnels);
    const registers = [this.registry];
    collectDefaultMetrics({
      register: this.registry,
      prefix: 'funnel_sync_api_',
      eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLING_MS,
    });
    this.requests = new Counter({
      name: 'funnel_sync_requests_total',
      help: 'Funnel requests by funnel (tenant/endpoint), method and HTTP status',
      labelNames: ['funnel', 'method', 'status'],
      registers,
    });
    this.dryRuns = new Counter({
      name: 'funnel_sync_dry_runs_total',
      help: 'Funnel requests with dryRun=true, by funnel (tenant/endpoint), method and HTTP status',
      labelNames: ['funnel', 'method', 'status'],
      registers,
    });
    this.items = new Counter({
      name: 'funnel_sync_items_total',
      help: 'Items by funnel and outcome: imported, failed, deleted',
      labelNames: ['funnel', 'outcome'],
      registers,
    });
    this.queueWait = new Histogram({
      name: 'funnel_sync_queue_wait_seconds',
      help: 'From the request being received to a worker taking its job',
      labelNames: ['funnel'],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.processing = new Histogram({
      name: 'funnel_sync_processing_seconds',
      help: "A worker's time on a funnel request",
      labelNames: ['funnel'],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.groupSizes = new Histogram({
      name: 'funnel_sync_request_group_size',
      help: 'Funnel requests per job sent to the queue: 1 alone, more in a group',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
      registers,
    });
    new Gauge({
      name: 'funnel_sync_queue_jobs',
      help: 'Jobs on the funnel queue by shard and state',
      labelNames: ['shard', 'state'],
      registers,
      async collect() {
        const shards = await queue.jobCounts().catch(() => []);
        for (const { shard, counts } of shards) {
          for (const [state, count] of Object.entries(counts)) {
            this.set({ shard: String(shard), state }, count);
          }
        }
      },
    });
    new Gauge({
      name: 'funnel_sync_workers',
      help: 'Worker processes connected to the queue',
      registers,
      async collect() {
        this.set(await queue.workerCount().catch(() => 0));
      },
    });
  }

  request(of: RequestFunnel, method: string, status: number, dryRun: boolean): void {
    const name = of.tenant === undefined ? undefined : `${of.tenant}/${of.endpointUrl}`;
    const funnel =
      of.found && name !== undefined ? this.labels.ofExisting(name) : this.labels.ofUnchecked(name);
    (dryRun ? this.dryRuns : this.requests).inc({ funnel, method, status: String(status) });
  }

  /** A job sent for `size` small POSTs of one funnel (docs/request-groups.md). */
  groupSent(size: number): void {
    this.groupSizes.observe(size);
  }

  /** `name` is tenant/endpoint of a funnel that was found. */
  job(name: string, result: Pick<JobResult<'ingest'>, 'stats'>): void {
    const { stats } = result;
    if (!stats) return;
    const funnel = this.labels.ofExisting(name);
    if (stats.imported) this.items.inc({ funnel, outcome: 'imported' }, stats.imported);
    if (stats.failed) this.items.inc({ funnel, outcome: 'failed' }, stats.failed);
    if (stats.deleted) this.items.inc({ funnel, outcome: 'deleted' }, stats.deleted);
    this.queueWait.observe({ funnel }, stats.queueWaitMs / 1000);
    this.processing.observe({ funnel }, stats.processingMs / 1000);
  }
}

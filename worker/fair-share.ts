/**
 * The worker's side of fairness between tenants (docs/fairness.md): a large request runs only
 * with one of its tenant's leases, and is parked otherwise (delayed, not failed: its attempts are
 * not spent); a request that ends gives its lease back, wakes its tenant's next parked large
 * request, and leaves its tenant's count of outstanding requests, which ranks new ones.
 */
import { Job, WaitingChildrenError } from 'bullmq';
import type { Logger } from '../core/platform/logger';
import type { LargeJobLeases } from '../core/redis/large-job-leases';
import type { TenantRanks } from '../core/redis/tenant-ranks';
import type { ShardedQueues } from '../core/queue/sharded-queues';

/**
 * A parked request looks again after this long even if nobody wakes it: when the wake came
 * before it was parked, or the lease holder's worker died.
 */
const RECHECK_MS = 1_000;

interface IngestFields {
  tenant?: unknown;
  bodyBytes?: unknown;
  chunks?: unknown;
}

export interface FairShareOptions {
  leases: LargeJobLeases;
  ranks: TenantRanks;
  /** A request whose body has at least this many bytes is large. */
  largeBytes: number;
  /** The funnel queue of each shard, where a tenant's parked jobs wait. */
  queues: ShardedQueues;
  logger: Logger;
}

export class FairShare {
  constructor(private readonly options: FairShareOptions) {}

  private isLarge(data: IngestFields): boolean {
    return typeof data.bodyBytes === 'number' && data.bodyBytes >= this.options.largeBytes;
  }

  /**
   * Whether the request's job may run now. If not, the job was moved to the delayed set, and the
   * caller throws BullMQ's DelayedError.
   */
  async admit(job: Job, token: string | undefined): Promise<boolean> {
    const data = job.data as IngestFields;
    // A request whose chunks were written comes back to finish: it keeps the lease it had.
    if (typeof data.tenant !== 'string' || !this.isLarge(data) || data.chunks) return true;
    if (await this.options.leases.acquire(data.tenant, job.id ?? '')) return true;
    this.options.logger.debug({ tenant: data.tenant }, 'large request parked: tenant at its limit');
    await job.moveToDelayed(Date.now() + RECHECK_MS, token);
    return false;
  }

  /** After the job's run, which ended with `error` when it did not return an answer. */
  async after(job: Job, error?: unknown): Promise<void> {
    const data = job.data as IngestFields;
    // Waiting for its chunks, the request still holds its lease and its place.
    if (typeof data.tenant !== 'string' || error instanceof WaitingChildrenError) return;
    const jobId = job.id ?? '';
    const { leases, ranks, queues, logger } = this.options;
    try {
      const answered = error === undefined || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (answered) await ranks.leave(data.tenant, jobId);
      if (!this.isLarge(data)) return;
      const next = await leases.release(data.tenant, jobId);
      if (next)
        await (await Job.fromId(queues.of(data.tenant), next))?.promote().catch(() => undefined);
    } catch (bookkeeping) {
      // Only the order of later jobs suffers; the parked ones look again on their own.
      logger.warn({ err: bookkeeping }, 'fair-share bookkeeping failed');
    }
  }
}

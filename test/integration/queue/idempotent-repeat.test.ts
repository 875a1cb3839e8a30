/**
 * A repeat of an Idempotency-Key that waits for the first attempt's job
 * (docs/api-behaviour.md#idempotency-key): when that job ends in 5xx its worker frees the key, so
 * the repeat runs the request again instead of replaying the 5xx. The jobs are run here by a
 * worker of the test's own, so that the first one ends in 503 only once the repeat waits for it.
 */
import { Worker, type Job } from 'bullmq';
import { FunnelQueue } from '../../../core/queue/funnel-queue';
import { sendJobReplies } from '../../../core/queue/job-reply-sender';
import { createLogger } from '../../../core/platform/logger';
import { IdempotencyRecords } from '../../../core/redis/idempotency-records';
import type { JobResult, ParsedJobData } from '../../../core/queue/jobs';
import { FUNNEL_QUEUE } from '../../../core/queue/queue-names';
import { QueueSubmitter } from '../../../core/submission/queue-submitter';
import type { Submission } from '../../../core/submission/submission';
import { submitOnce, type OnceServices } from '../../../core/submission/submit-once';
import { TenantRanks } from '../../../core/redis/tenant-ranks';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, testTopology, uniquePrefix } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

/** A FunnelQueue that tells when a repeat starts waiting for an earlier job. */
class WatchedQueue extends FunnelQueue {
  readonly waitedFor: string[] = [];
  override waitFor<N extends Parameters<FunnelQueue['waitFor']>[0]>(
    name: N,
    tenant: string,
    jobId: string,
    timeoutMs: number,
  ) {
    this.waitedFor.push(jobId);
    return super.waitFor(name, tenant, jobId, timeoutMs);
  }
}

describe('an Idempotency-Key whose first attempt ends in 5xx', () => {
  const keys = testKeys(uniquePrefix('idem-repeat'));
  let queue: WatchedQueue;
  let records: IdempotencyRecords;
  let redis: RedisClient;
  let worker: Worker;
  let services: OnceServices;
  /** Jobs the test's worker ran, in order, and the answers it gave. */
  const ran: string[] = [];
  let releaseFirst: () => void = () => undefined;
  const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));

  beforeAll(async () => {
    queue = new WatchedQueue({ topology: testTopology(), keys });
    await queue.waitUntilReady();
    redis = testRedis();
    records = new IdempotencyRecords(redis, keys);
    const jobs = new QueueSubmitter(queue, 20_000, new TenantRanks(redis, keys));
    services = { jobs, idempotency: records };
    // As the real worker: the first attempt ends in 503 and frees the key; later ones succeed.
    worker = new Worker(
      FUNNEL_QUEUE,
      async (job: Job<ParsedJobData<'ingest'>>): Promise<JobResult<'ingest'>> => {
        ran.push(job.id ?? '');
        const key = job.data.idempotencyRecordKey ?? '';
        if (ran.length === 1) {
          await firstMayEnd;
          await records.release(key);
          return { httpStatus: 503, envelope: { status: 'error', message: 'MongoDB was away' } };
        }
        const answer = { httpStatus: 200, envelope: { status: 'success', message: 'Imported' } };
        await records.complete(key, answer);
        return answer as JobResult<'ingest'>;
      },
      // The queue of the tenant's shard: that of every job here.
      { connection: redis, prefix: keys.ofTenant(submission.tenant) },
    );
    // As the real worker, it tells the waiting queue each job's outcome.
    sendJobReplies(worker, redis, keys, createLogger('test', 'silent'));
    await worker.waitUntilReady();
  });
  afterAll(async () => {
    await worker.close();
    await queue.close();
    redis.disconnect();
  });

  const submission: Submission = {
    requestId: 'r-1',
    recordId: 'rec-1',
    tenant: 'acme',
    endpointUrl: 'erp-products',
    funnelId: 'erp-products',
    method: 'POST',
    receivedAt: new Date().toISOString(),
    sequence: 1,
    tokenId: null,
    dryRun: false,
    bodyFormat: 'json',
  };
  const body = Buffer.from('[{"sku":"A-1"}]');

  it('when a repeat waited for it, then the repeat runs the request again and is not a replay', async () => {
    const first = submitOnce(submission, body, 'order-7', services);
    // The repeat starts waiting for the first attempt's job, which then ends in 503.
    const waitingSince = queue.waitedFor.length;
    const repeat = submitOnce(
      { ...submission, requestId: 'r-2', recordId: 'rec-2' },
      body,
      'order-7',
      services,
    );
    await waitUntil(
      () => queue.waitedFor.length,
      (waits) => waits > waitingSince,
      { what: 'the repeat to wait for the first job', everyMs: 5 },
    );
    releaseFirst();

    expect(await first).toMatchObject({ state: 'answered', httpStatus: 503, replayed: false });
    expect(await repeat).toMatchObject({ state: 'answered', httpStatus: 200, replayed: false });
    expect(ran).toHaveLength(2);

    // A later repeat gets the answer of the run that succeeded.
    const later = await submitOnce(submission, body, 'order-7', services);
    expect(later).toMatchObject({ state: 'answered', httpStatus: 200, replayed: true });
    expect(ran).toHaveLength(2);
  });
});

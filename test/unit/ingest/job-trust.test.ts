import { ChunkPlans } from '../../../core/ingest/chunks/chunk-plans';
import {
  checkChunkJob,
  checkIngestJob,
  checkLateRecordJob,
  ForeignJobDataError,
} from '../../../core/ingest/job-trust';
import { IdempotencyRecords } from '../../../core/redis/idempotency-records';
import { JOBS } from '../../../core/queue/jobs';
import { PayloadStore } from '../../../core/redis/payload-store';
import { KeySpace } from '../../../core/redis/key-space';
import type { RedisClient } from '../../../core/redis/redis-connection';

// Keys are worked out, never read: no command reaches Redis here.
const redis = {} as RedisClient;
const keys = new KeySpace('p', 4);
const services = {
  payloads: new PayloadStore(redis, keys),
  chunkPlans: new ChunkPlans(redis, keys),
  idempotency: new IdempotencyRecords(redis, keys),
};
const acme = { tenant: 'acme', endpointUrl: 'erp' };
const funnel = { ...acme, funnelId: 'erp-id' };

const ingestData = (over: Record<string, unknown> = {}) =>
  JOBS.ingest.data.parse({
    requestId: 'r1',
    recordId: 'r1',
    ...funnel,
    method: 'POST',
    receivedAt: new Date().toISOString(),
    sequence: 1,
    tokenId: null,
    dryRun: false,
    payloadKey: services.payloads.keyFor(acme, 'job-1'),
    bodyFormat: 'json',
    ...over,
  });

describe('which jobs are trusted', () => {
  it('when a job names its own body and Idempotency-Key record, then it runs', () => {
    const idempotencyRecordKey = services.idempotency.keyFor('acme', 'erp', 'POST', 'k');
    expect(() =>
      checkIngestJob(ingestData({ idempotencyRecordKey }), 'job-1', services),
    ).not.toThrow();
  });

  it.each([
    ['another tenant', { tenant: 'other' }],
    ['another funnel', { endpointUrl: 'shop' }],
    ['a body of another job', { payloadKey: services.payloads.keyFor(acme, 'job-2') }],
    [
      "another tenant's Idempotency-Key record",
      { idempotencyRecordKey: services.idempotency.keyFor('other', 'erp', 'POST', 'k') },
    ],
    [
      'a record of another method',
      { idempotencyRecordKey: services.idempotency.keyFor('acme', 'erp', 'DELETE', 'k') },
    ],
  ])('when a job was changed to name %s, then it is refused', (_what, over) => {
    expect(() => checkIngestJob(ingestData(over), 'job-1', services)).toThrow(ForeignJobDataError);
  });

  it('when a job was added by hand with the data of another, then its own id gives it away', () => {
    expect(() => checkIngestJob(ingestData(), 'added-by-hand', services)).toThrow(
      ForeignJobDataError,
    );
  });

  it("when a chunk job names its request's plan, then it runs; another tenant's plan, it does not", () => {
    const chunk = (tenant: string, planOf: string) =>
      JOBS['ingest-chunk'].data.parse({
        requestId: 'r1',
        tenant,
        contentType: 'products',
        receivedAt: new Date().toISOString(),
        sequence: 1,
        planKey: services.chunkPlans.keyFor(planOf, 'job-1'),
        chunk: 2,
      });
    expect(() => checkChunkJob(chunk('acme', 'acme'), 'job-1-chunk-2', services)).not.toThrow();
    expect(() => checkChunkJob(chunk('other', 'acme'), 'job-1-chunk-2', services)).toThrow(
      ForeignJobDataError,
    );
    expect(() => checkChunkJob(chunk('acme', 'acme'), 'job-1-chunk-3', services)).toThrow(
      ForeignJobDataError,
    );
  });

  it("when a late history record names its request's body, then it runs; another's, it does not", () => {
    const late = (over: Record<string, unknown>) =>
      JOBS['record-history'].data.parse({
        requestId: 'r1',
        recordId: 'r1',
        ...funnel,
        method: 'POST',
        receivedAt: new Date().toISOString(),
        sequence: 1,
        tokenId: null,
        dryRun: false,
        payloadKey: services.payloads.keyFor(acme, 'job-1'),
        bodyFormat: 'json',
        outcome: { httpStatus: 503, message: 'gave up', itemCount: 0 },
        ...over,
      });
    expect(() => checkLateRecordJob(late({}), 'job-1-history', services)).not.toThrow();
    expect(() => checkLateRecordJob(late({ tenant: 'other' }), 'job-1-history', services)).toThrow(
      ForeignJobDataError,
    );
    expect(() => checkLateRecordJob(late({}), 'job-2-history', services)).toThrow(
      ForeignJobDataError,
    );
  });
});

/**
 * A job's data is trusted only as far as the API could have written it: the body, the chunk plan
 * and the Idempotency-Key record a job names must be those of its own request, of its tenant and
 * funnel. A job whose data was changed after it was queued (a dashboard edit, a hand-made job)
 * fails, rather than reading another request's body or answering for another request.
 */
import type { ParsedJobData } from '../queue/jobs';
import { chunkJobId } from './chunks/chunked-write';
import { historyJobId } from './give-up';
import type { IngestServices } from './ingest-context';

export class ForeignJobDataError extends Error {
  constructor(jobId: string, what: string) {
    super(`Job ${jobId} names ${what} of another request; it is not run`);
    this.name = 'ForeignJobDataError';
  }
}

type Services = Pick<IngestServices, 'payloads' | 'chunkPlans' | 'idempotency'>;

function check(ok: boolean, jobId: string, what: string): void {
  if (!ok) throw new ForeignJobDataError(jobId, what);
}

export function checkIngestJob(
  data: ParsedJobData<'ingest'>,
  jobId: string,
  services: Services,
): void {
  check(data.payloadKey === services.payloads.keyFor(data, jobId), jobId, 'a body');
  const record = data.idempotencyRecordKey;
  if (record === undefined) return;
  const { tenant, endpointUrl, method } = data;
  const own = services.idempotency.belongsTo(record, tenant, endpointUrl, method);
  check(own, jobId, 'an Idempotency-Key record');
}

/**
 * A member of a group job is a plain POST of the group's tenant and funnel, whose body waits under
 * its own member job id: the parts of a request that a group does not carry (a full sync, an
 * Idempotency-Key, a queued answer, chunks) make it no member.
 */
export function checkGroupMember(
  group: Pick<ParsedJobData<'ingest-group'>, 'tenant' | 'endpointUrl'>,
  member: ParsedJobData<'ingest'>,
  memberJobId: string,
  services: Services,
): void {
  const plain =
    member.method === 'POST' &&
    member.sync === undefined &&
    member.idempotencyRecordKey === undefined &&
    member.respondAsync !== true &&
    member.chunks === undefined;
  const own = member.tenant === group.tenant && member.endpointUrl === group.endpointUrl;
  check(plain && own, memberJobId, 'a request that is no member of its group');
  check(member.payloadKey === services.payloads.keyFor(member, memberJobId), memberJobId, 'a body');
}

/** A chunk job's id is its request job's id and its chunk number (chunkJobId). */
export function checkChunkJob(
  data: ParsedJobData<'ingest-chunk'>,
  jobId: string,
  services: Services,
): void {
  const requestJobId = jobId.replace(/-chunk-\d+$/, '');
  const own =
    chunkJobId(requestJobId, data.chunk) === jobId &&
    data.planKey === services.chunkPlans.keyFor(data.tenant, requestJobId);
  check(own, jobId, 'a chunk plan');
}

/** A late history record's job id is its request job's id and `-history` (historyJobId). */
export function checkLateRecordJob(
  data: ParsedJobData<'record-history'>,
  jobId: string,
  services: Services,
): void {
  const requestJobId = jobId.replace(/-history$/, '');
  check(historyJobId(requestJobId) === jobId, jobId, 'a request');
  check(data.payloadKey === services.payloads.keyFor(data, requestJobId), jobId, 'a body');
  const plan = data.planKey;
  if (plan === undefined) return;
  check(plan === services.chunkPlans.keyFor(data.tenant, requestJobId), jobId, 'a chunk plan');
}

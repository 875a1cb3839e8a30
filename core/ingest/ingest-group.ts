/**
 * A group of small POSTs to one funnel (docs/request-groups.md), processed as if each ran alone,
 * one after the other in the order they were received, for less: their bodies read in one round
 * trip, the funnel's settings once, their items written together (each write keeping its own
 * request's receipt, so that the order rules hold as they do alone), their history records
 * written together, in the transaction of their writes. A member that fails fails alone: its
 * answer and record are its own.
 *
 * Alone, a request is checked after the requests received before it are written. In a group the
 * checks come first, which changes nothing unless a check reads the funnel's own content type
 * (references to it, lazy identifiers): then each member's writes are made before the next member
 * is checked.
 */
import { withLogContext } from '../platform/log-context';
import { historyRecord } from './history-record-builder';
import { checkGroupMember } from './job-trust';
import { letBodiesGo, logRequestDone, requestStats } from './finish-request';
import type { IngestContext } from './ingest-context';
import { NO_PAYLOAD } from './ingest-request';
import { prepareRequest } from './prepare-request';
import { storeRecords, writeWithRecords } from './store-record';
import { keepingPayloads } from './keep-payloads';
import type { HistoryDocument } from '../history/history-record';
import type { StoredPayload } from '../history/stored-payload';
import { expiredBody, type RequestResult } from './request-result';
import type { RequestWrites } from '../items/item-store';
import { readsOwnContentType } from '../domain/mapping-plan';
import { memberJobId, type JobResult, type ParsedJobData } from '../queue/jobs';
import { receiptOf } from '../redis/receipt-sequence';

type Member = ParsedJobData<'ingest'>;

/** A member's history record, once its kept body (in the members' order) is known. */
type RecordOf = (stored: readonly (StoredPayload | null)[]) => HistoryDocument;

/** Member positions in the order their requests were received. */
function receiptOrder(members: readonly Member[]): number[] {
  const sequenceOf = (member: Member) => receiptOf(member).sequence;
  return members
    .map((member, index) => ({ index, sequence: sequenceOf(member) }))
    .sort((a, b) => a.sequence - b.sequence)
    .map(({ index }) => index);
}

/**
 * Writes collected from the members checked so far, made in one go when asked, in one
 * transaction with the records of their requests.
 */
class PendingWrites {
  private requests: RequestWrites[] = [];
  private records: RecordOf[] = [];
  private contentType = '';

  constructor(
    private readonly context: IngestContext,
    private readonly tenant: string,
    /** The members' kept bodies, which their records name: awaited only to write the records. */
    private readonly stored: Promise<readonly (StoredPayload | null)[]>,
  ) {}

  add(contentType: string, request: RequestWrites, record: RecordOf): void {
    this.contentType = contentType;
    this.requests.push(request);
    this.records.push(record);
  }

  async flush(): Promise<void> {
    if (this.requests.length === 0) return;
    const { requests, records } = this;
    this.requests = [];
    this.records = [];
    this.context.signal.throwIfAborted();
    const { signal, items } = this.context;
    await writeWithRecords(this.context, (save) =>
      items.upsertRequests(this.tenant, this.contentType, requests, {
        signal,
        alongside: async () => {
          const stored = await this.stored;
          return save(records.map((record) => record(stored)));
        },
      }),
    );
  }
}

export async function ingestGroup(
  data: ParsedJobData<'ingest-group'>,
  context: IngestContext,
): Promise<JobResult<'ingest-group'>> {
  const { members } = data;
  members.forEach((member, index) =>
    checkGroupMember(data, member, memberJobId(context.jobId, index), context),
  );
  const startedAt = Date.now();
  const [bodies, settings] = await Promise.all([
    context.payloads.getMany(members.map((member) => member.payloadKey)),
    context.settings.find(data.tenant, data.endpointUrl, data.funnelId),
  ]);
  context.signal.throwIfAborted();
  // Outside any transaction, in one command, while the members are checked (keep-payloads.ts).
  const storing = keepingPayloads(
    context,
    members.map((job, index) => ({ job, raw: bodies[index] ?? null })),
  );
  const writeBetween = settings.found && readsOwnContentType(settings.funnel, settings.contentType);
  const pending = new PendingWrites(context, data.tenant, storing);
  const results: RequestResult[] = [];
  // The members whose records went with their writes.
  const recorded = new Set<number>();
  for (const index of receiptOrder(members)) {
    const member = members[index] as Member;
    const raw = bodies[index];
    context.signal.throwIfAborted();
    if (!raw) {
      results[index] = expiredBody();
      continue;
    }
    const prepared = await prepareRequest(member, settings, context.items, raw);
    results[index] = prepared.result;
    if (prepared.writes.length === 0) continue;
    const record: RecordOf = (stored) =>
      historyRecord(member, raw, prepared.result, context.historyTtlDays, stored[index] ?? null);
    const writes = { writes: prepared.writes, receipt: receiptOf(member) };
    pending.add(prepared.contentType, writes, record);
    recorded.add(index);
    if (writeBetween) await pending.flush();
  }
  await pending.flush();
  const stored = await storing;
  return finishGroup(members, context, results, { bodies, stored, startedAt, recorded });
}

/**
 * finishRequest for every member: the records not written with their writes in one command, then
 * their bodies let go at once.
 */
async function finishGroup(
  members: readonly Member[],
  context: IngestContext,
  results: readonly RequestResult[],
  finishing: {
    bodies: readonly (Buffer | null)[];
    stored: readonly (StoredPayload | null)[];
    startedAt: number;
    recorded: Set<number>;
  },
): Promise<JobResult<'ingest-group'>> {
  const outcomes = members.map((member, index) => ({
    member,
    result: results[index] as RequestResult,
    body: finishing.bodies[index] ?? NO_PAYLOAD,
    stored: finishing.stored[index] ?? null,
  }));
  await storeRecords(
    context,
    outcomes.flatMap(({ member, result, body, stored }, index) =>
      finishing.recorded.has(index)
        ? []
        : [historyRecord(member, body, result, context.historyTtlDays, stored)],
    ),
  );
  const answers = outcomes.map(({ member, result }) => ({
    httpStatus: result.httpStatus,
    envelope: result.envelope,
    stats: requestStats(member, result, finishing.startedAt),
  }));
  // No member has an Idempotency-Key answer to keep: such requests always go alone.
  letBodiesGo(
    context,
    members.map((member) => member.payloadKey),
  );
  // Under each member's own request id: what operators search the logs by.
  for (const { member, result } of outcomes) {
    withLogContext({ requestId: member.requestId }, () => logRequestDone(context, member, result));
  }
  return { answers };
}

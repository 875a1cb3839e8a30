/**
 * A re-drive asked for (docs/api-behaviour.md#re-drive): its scope checked, its failed requests
 * counted against REDRIVE_MAX_REQUESTS, stored as the funnel's one active re-drive, and its job
 * queued. The job does the rest (run-redrive.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Funnel } from '../domain/funnel';
import { documentId } from '../domain/names';
import { traceField } from '../platform/tracing/trace-carrier';
import type { FunnelQueue } from '../queue/funnel-queue';
import type { SyncsRepository } from '../syncs/syncs.repository';
import { syncIdSchema } from '../syncs/sync';
import { queueAway, refused, type QueueAway, type Refused } from '../syncs/sync-refusal';
import type { RedriveDocument } from './redrive';
import type { RedriveServices } from './redrive-services';
import { ACTIVE_SLOT } from './redrives.repository';
import { redriveJobId } from './run-redrive';

export interface RedriveRequest {
  tenant: string;
  funnel: Funnel;
  /** One of `since` (with `until`, default now) and `syncId`. */
  since: Date | null;
  until: Date | null;
  syncId: string | null;
  dryRun: boolean;
  requestId: string;
  tokenId: string | null;
  now: Date;
}

export interface StartRedriveServices {
  redrives: RedriveServices;
  syncs: Pick<SyncsRepository, 'find'>;
  queue: Pick<FunnelQueue, 'add'>;
  maxRequests: number;
  historyTtlDays: number;
}

export type StartedRedrive = { state: 'started'; redrive: RedriveDocument };

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far past the bound a refusal counts, to name how many there are. */
const COUNTED_PAST_BOUND = 10;

export async function startRedrive(
  services: StartRedriveServices,
  request: RedriveRequest,
): Promise<StartedRedrive | Refused | QueueAway> {
  const { tenant, funnel, syncId, now } = request;
  if (syncId !== null) {
    const sync = syncIdSchema.safeParse(syncId).success
      ? await services.syncs.find(tenant, syncId)
      : null;
    if (!sync || sync.funnelId !== funnel.id) {
      return refused(404, `No sync "${syncId}" on this funnel`);
    }
  }
  const scope = {
    tenant,
    funnelId: funnel.id,
    since: request.since,
    until: request.until ?? now,
    syncId,
  };
  const bound = services.maxRequests;
  const cap = bound * COUNTED_PAST_BOUND;
  const total = await services.redrives.failed.count(scope, cap + 1);
  if (total > bound) {
    const counted = total > cap ? `more than ${cap}` : String(total);
    return refused(
      422,
      `The re-drive would send ${counted} failed requests, over the bound of ${bound} ` +
        '(REDRIVE_MAX_REQUESTS): narrow it with a later `since` or an earlier `until`',
      { bound, ...(total > cap ? {} : { total }) },
    );
  }
  const redriveId = randomUUID().replaceAll('-', '');
  const redrive: RedriveDocument = {
    _id: documentId(tenant, redriveId),
    redriveId,
    ...scope,
    slot: ACTIVE_SLOT,
    state: 'queued',
    dryRun: request.dryRun,
    total,
    sent: 0,
    succeeded: 0,
    partial: 0,
    failed: 0,
    skipped: 0,
    skippedBy: { 'not-kept': 0, gone: 0 },
    lastSequence: 0,
    current: null,
    cancelRequested: false,
    message: null,
    requestId: request.requestId,
    tokenId: request.tokenId,
    createdAt: now,
    startedAt: null,
    finishedAt: null,
    expiresAt: new Date(now.getTime() + services.historyTtlDays * DAY_MS),
  };
  if (!(await services.redrives.records.create(redrive))) {
    const active = await services.redrives.records.active(tenant, funnel.id);
    return refused(
      409,
      `The funnel has a re-drive running (${active?.redriveId ?? 'just started'}): wait for it ` +
        'to end, or cancel it',
      active ? { redriveId: active.redriveId } : undefined,
    );
  }
  const data = {
    requestId: request.requestId,
    tenant,
    endpointUrl: funnel.endpointUrl,
    funnelId: funnel.id,
    redriveId,
    // The job continues the trace of the request that asked for it.
    ...traceField(),
  };
  try {
    await services.queue.add('redrive', data, redriveJobId(redriveId));
  } catch (error) {
    await services.redrives.records.end(redrive, 'failed', new Date(), 'The queue did not take it');
    return queueAway(error);
  }
  return { state: 'started', redrive };
}

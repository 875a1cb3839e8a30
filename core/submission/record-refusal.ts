/**
 * What becomes of a funnel request the API refused before queueing it, once the caller is known
 * (docs/api-behaviour.md#the-history-record). Only a request to a funnel that exists leaves a
 * trace, the funnel's: a 429 is counted instead of recorded, so that a flood cannot fill the
 * history; a 401 or 403 is no sender's request to the funnel and leaves none. A body that was
 * read and refused (400) is kept, cut as any; one too large or of another type is not.
 */
import type { HistoryRepository } from '../history/history.repository';
import { historyRecord, type RecordedRequest } from '../ingest/history-record-builder';
import type { RateLimitedCounts } from '../redis/rate-limited-counts';

export interface Refusal {
  status: number;
  message: string;
  /** The body as far as it was read. */
  body: Buffer;
}

export interface RefusalServices {
  funnels: { find(tenant: string, endpointUrl: string): Promise<{ id: string } | null> };
  history: Pick<HistoryRepository, 'save'>;
  rateLimited: Pick<RateLimitedCounts, 'count'>;
  historyTtlDays: number;
}

/** Answered without a trace: not the funnel's sender. */
const NOT_RECORDED = new Set([401, 403]);

/** `onFunnelFound` is told as soon as the request is known to be to a funnel that exists. */
export async function recordRefusal(
  request: Omit<RecordedRequest, 'funnelId'>,
  refusal: Refusal,
  services: RefusalServices,
  onFunnelFound: () => void,
): Promise<void> {
  if (NOT_RECORDED.has(refusal.status)) return;
  const funnel = await services.funnels.find(request.tenant, request.endpointUrl);
  if (!funnel) return;
  onFunnelFound();
  if (refusal.status === 429) return services.rateLimited.count(request.tenant, funnel.id);
  const kept = refusal.status === 400 ? refusal.body : Buffer.alloc(0);
  const outcome = {
    status: 'error' as const,
    httpStatus: refusal.status,
    message: refusal.message,
    itemCount: 0,
  };
  const recorded = { ...request, funnelId: funnel.id };
  await services.history.save(historyRecord(recorded, kept, outcome, services.historyTtlDays));
}

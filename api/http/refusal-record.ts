/**
 * The history record of a funnel request the API refused itself, after it authenticated the
 * caller: a body that is not JSON (400, what came of it kept), too large (413, nothing kept), of
 * another media type (415), a query or a sync it cannot take, a queue it could not reach. Only for
 * a funnel that exists: the record is the funnel's. A 429 is counted instead
 * (core/redis/rate-limited-counts.ts), so that a flood cannot fill the history; a 401 or 403 is
 * no sender's request to the funnel (docs/api-behaviour.md#the-history-record).
 */
import type { ErrorRequestHandler, Request } from 'express';
import type { HistoryRepository } from '../../core/history/history.repository';
import { historyRecord, type RecordedRequest } from '../../core/ingest/history-record-builder';
import type { Logger } from '../../core/platform/logger';
import type { RateLimitedCounts } from '../../core/redis/rate-limited-counts';
import { bodyFormatOf } from './body-format';
import { dryRunFlag } from './dry-run-flag';
import type { FunnelMethod } from './funnel-body';
import type { FunnelLookup } from './funnel-lookup';
import { knownHttpError } from './known-error';

export interface RefusalDeps {
  lookup: FunnelLookup;
  history: HistoryRepository;
  rateLimited: RateLimitedCounts;
  historyTtlDays: number;
  logger: Logger;
}

/** Answered without a record: not the funnel's sender, or counted instead. */
const NOT_RECORDED = new Set([401, 403]);

/** Records what the funnel routes refused; they leave the endpoint URL in `res.locals`. */
export function recordRefusals(deps: RefusalDeps): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    const endpointUrl = res.locals.endpointUrl as string | undefined;
    const found = () => {
      // The request's metric is then labelled with its funnel, a 429 too.
      res.locals.funnelFound = true;
    };
    record(deps, error, req, endpointUrl, found).then(
      () => next(error),
      (failure: unknown) => {
        deps.logger.warn({ err: failure }, 'a refused request could not be recorded');
        next(error);
      },
    );
  };
}

async function record(
  deps: RefusalDeps,
  thrown: unknown,
  req: Request,
  endpointUrl: string | undefined,
  found: () => void,
): Promise<void> {
  const error = knownHttpError(thrown);
  if (!error || NOT_RECORDED.has(error.status) || !req.principal || !endpointUrl) return;
  const { tenant } = req.principal;
  const funnel = await deps.lookup.find(tenant, endpointUrl);
  if (!funnel) return;
  found();
  if (error.status === 429) return deps.rateLimited.count(tenant, funnel.id);
  const request = refusedRequest(req, endpointUrl, funnel.id);
  // A body that was read and refused is kept (cut as any); one too large or of another type is not.
  const kept = error.status === 400 && Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const outcome = {
    status: 'error' as const,
    httpStatus: error.status,
    message: error.message,
    itemCount: 0,
  };
  await deps.history.save(historyRecord(request, kept, outcome, deps.historyTtlDays));
}

/** The request as far as the API read it; a flag it refused counts as not given. */
function refusedRequest(req: Request, endpointUrl: string, funnelId: string): RecordedRequest {
  let dryRun = false;
  try {
    dryRun = dryRunFlag(req.originalUrl);
  } catch {
    // The flag's own 400 is the refusal being recorded.
  }
  return {
    requestId: req.requestId,
    recordId: req.recordId,
    tenant: req.principal.tenant,
    endpointUrl,
    funnelId,
    method: req.method as FunnelMethod,
    receivedAt: req.receivedAt.toISOString(),
    sequence: req.receiptSequence,
    tokenId: req.principal.tokenId,
    dryRun,
    bodyFormat: bodyFormatOf(req),
  };
}

/**
 * Records what the funnel routes refused themselves, after they authenticated the caller: a body
 * that is not JSON (400), too large (413), of another media type (415), a `dryRun`, a key or a
 * sync they cannot take, a queue they could not reach. Which refusals leave which trace is
 * core/submission/record-refusal.ts's; here the request is read as far as the API got with it.
 */
import type { ErrorRequestHandler, Request } from 'express';
import type { RecordedRequest } from '../../core/ingest/history-record-builder';
import type { Logger } from '../../core/platform/logger';
import { traceField } from '../../core/platform/tracing/trace-carrier';
import { recordRefusal, type RefusalServices } from '../../core/submission/record-refusal';
import { bodyFormatOf } from './body-format';
import { dryRunFlag } from './dry-run-flag';
import type { FunnelMethod } from './funnel-body';
import { knownHttpError } from './known-error';

/** Records the funnel routes' refusals; they leave the endpoint URL in `res.locals`. */
export function recordRefusals(services: RefusalServices, logger: Logger): ErrorRequestHandler {
  return (thrown: unknown, req, res, next) => {
    const error = knownHttpError(thrown);
    const endpointUrl = res.locals.endpointUrl as string | undefined;
    if (!error || !req.principal || !endpointUrl) return next(thrown);
    const refusal = {
      status: error.status,
      message: error.message,
      body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    };
    // The request's metric is then labelled with its funnel, a 429 too.
    const found = () => (res.locals.funnelFound = true);
    // Still in the request's span, whose trace the record names as the worker's records do.
    const request = { ...refusedRequest(req, endpointUrl), ...traceField() };
    recordRefusal(request, refusal, services, found).then(
      () => next(thrown),
      (failure: unknown) => {
        logger.warn({ err: failure }, 'a refused request could not be recorded');
        next(thrown);
      },
    );
  };
}

/** The request as far as the API read it; a flag it refused counts as not given. */
function refusedRequest(req: Request, endpointUrl: string): Omit<RecordedRequest, 'funnelId'> {
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
    method: req.method as FunnelMethod,
    receivedAt: req.receivedAt.toISOString(),
    sequence: req.receiptSequence,
    tokenId: req.principal.tokenId,
    dryRun,
    bodyFormat: bodyFormatOf(req),
  };
}

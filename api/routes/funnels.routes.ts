/**
 * `POST` and `DELETE /funnels/{endpoint-url}` (spec 4.1, 4.2; contract 3, 4): authenticate,
 * check the body's structure, find the funnel, queue the request for a worker and answer with the
 * worker's status code and envelope, or 504 with the request id if it takes longer than
 * WAIT_TIMEOUT_MS.
 */
import express, { Router, type RequestHandler } from 'express';
import type { AccessRequirement } from '../../core/domain/access';
import type { ApiContext } from '../context';
import { checkFunnelBody, type FunnelMethod } from '../http/funnel-body';
import { FunnelLookup } from '../http/funnel-lookup';
import { FunnelSubmitter } from '../http/funnel-submission';
import { HttpError, notFound } from '../http/http-error';
import { IdempotencyRecords } from '../../core/queue/idempotency-records';
import { rateLimit } from '../middleware/rate-limit';
import { requireAccess } from '../middleware/require-access';

const ACCESS: Record<FunnelMethod, AccessRequirement> = {
  POST: { ability: 'create', permission: 'manage_funnels' },
  DELETE: { ability: 'delete', permission: 'manage_funnels' },
};

/** 415 for a body that is not JSON; an empty request without a Content-Type is let through. */
const requireJsonContentType: RequestHandler = (req, _res, next) => {
  const declared = req.get('content-type');
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding');
  if ((declared || hasBody) && !req.is('application/json')) {
    throw new HttpError(415, 'The request body must be application/json');
  }
  next();
};

function rawBody(limit: number): RequestHandler {
  return express.raw({ type: () => true, limit });
}

export function funnelsRoutes(context: ApiContext): Router {
  const router = Router();
  const { config, queue } = context;
  const lookup = new FunnelLookup(context.funnels);
  const records = new IdempotencyRecords(queue.redis, config.QUEUE_PREFIX);
  const submitter = new FunnelSubmitter(queue, records, config.WAIT_TIMEOUT_MS);

  const handle = (method: FunnelMethod): RequestHandler[] => [
    requireAccess(context.auth, ACCESS[method]),
    rateLimit(queue.redis, config.QUEUE_PREFIX, config.RATE_LIMIT_PER_MINUTE),
    requireJsonContentType,
    rawBody(config.MAX_BODY_BYTES),
    async (req, res) => {
      const endpointUrl = String(req.params.endpointUrl);
      const receivedAt = new Date();
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      checkFunnelBody(method, raw, config.MAX_ITEMS);
      const { tenant, tokenId } = req.principal;
      if (!(await lookup.exists(tenant, endpointUrl))) {
        throw notFound(`No funnel with endpoint URL "${endpointUrl}"`);
      }
      const submission = {
        requestId: req.requestId,
        tenant,
        endpointUrl,
        method,
        receivedAt: receivedAt.toISOString(),
        tokenId,
        dryRun: req.query.dryRun === 'true',
      };
      const idempotencyKey = req.get('idempotency-key');
      const answer =
        idempotencyKey === undefined
          ? await submitter.submit(submission, raw)
          : await submitter.submitOnce(submission, raw, idempotencyKey);
      if (answer.state === 'running') {
        res.status(504).json({
          status: 'error',
          message: 'The request is still being processed; its history record will show the outcome',
          data: { requestId: req.requestId },
        });
        return;
      }
      if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.status(answer.httpStatus).json(answer.envelope);
    },
  ];

  router.post('/funnels/:endpointUrl', ...handle('POST'));
  router.delete('/funnels/:endpointUrl', ...handle('DELETE'));
  return router;
}

/**
 * `POST` and `DELETE /funnels/{endpoint-url}` (spec 4.1, 4.2; contract 3, 4): authenticate,
 * check the body's structure, find the funnel, queue the request for a worker and answer with the
 * worker's status code and envelope, or 504 with the request id if it takes longer than
 * WAIT_TIMEOUT_MS.
 */
import { randomUUID } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import type { AccessRequirement } from '../../core/domain/access';
import type { ApiContext } from '../context';
import { checkFunnelBody, type FunnelMethod } from '../http/funnel-body';
import { FunnelLookup } from '../http/funnel-lookup';
import { HttpError, notFound, unavailable } from '../http/http-error';
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

  const handle = (method: FunnelMethod): RequestHandler[] => [
    requireAccess(context.auth, ACCESS[method]),
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

      const jobId = randomUUID();
      const payloadKey = queue.payloads.keyFor(jobId);
      const data = {
        requestId: req.requestId,
        tenant,
        endpointUrl,
        method,
        receivedAt: receivedAt.toISOString(),
        tokenId,
        dryRun: req.query.dryRun === 'true',
        payloadKey,
      };
      let outcome;
      try {
        await queue.payloads.put(payloadKey, raw);
        outcome = await queue.run('ingest', data, { timeoutMs: config.WAIT_TIMEOUT_MS, jobId });
      } catch (error) {
        context.logger.warn({ err: error }, 'could not queue the funnel request');
        throw unavailable('the queue');
      }
      if (outcome.state === 'running') {
        res.status(504).json({
          status: 'error',
          message: `The request is still being processed; its history record will show the outcome`,
          data: { requestId: req.requestId },
        });
        return;
      }
      res.status(outcome.result.httpStatus).json(outcome.result.envelope);
    },
  ];

  router.post('/funnels/:endpointUrl', ...handle('POST'));
  router.delete('/funnels/:endpointUrl', ...handle('DELETE'));
  return router;
}

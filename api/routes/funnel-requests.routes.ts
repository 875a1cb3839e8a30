/**
 * `POST` and `DELETE /funnels/{endpoint-url}`: authenticate, read and check the request, hand it
 * to the submission use case (core/submission/submit-funnel-request.ts) and answer with what
 * came of it. The checks' order and the status codes: docs/api-behaviour.md#the-path-of-a-request.
 */
import express, { Router, type RequestHandler } from 'express';
import type { AccessRequirement } from '../../core/auth/access';
import { submitFunnelRequest } from '../../core/submission/submit-funnel-request';
import { inSpan } from '../../core/platform/tracing/spans';
import type { ApiContext } from '../context';
import { requireUtf8 } from '../http/body-charset';
import type { FunnelMethod } from '../http/funnel-body';
import { readFunnelRequest } from '../http/funnel-request';
import { recordRefusals } from '../http/refusal-record';
import { answerSubmission } from '../http/submission-answer';
import { countFunnelRequest } from '../middleware/count-funnel-request';
import { requireFunnelContentType } from '../middleware/funnel-content-type';
import { rateLimit } from '../middleware/rate-limit';
import { takeReceiptSequence } from '../middleware/take-receipt-sequence';
import { requireAccess } from '../middleware/require-access';
import { traceRequest } from '../middleware/trace-request';
import '../openapi/funnel-requests';

const ACCESS: Record<FunnelMethod, AccessRequirement> = {
  POST: { ability: 'create', permission: 'manage_funnels' },
  DELETE: { ability: 'delete', permission: 'manage_funnels' },
};

export function funnelRequestsRoutes(context: ApiContext): Router {
  const router = Router();
  const { config, queue, metrics } = context;
  const { funnelLookup: lookup, submission: services } = context;
  const receiptSequence = takeReceiptSequence(context.receipts);

  const handle = (method: FunnelMethod): RequestHandler[] => [
    traceRequest('/api/v1/funnels/{endpointUrl}'),
    countFunnelRequest(metrics, method),
    receiptSequence,
    requireAccess(context.auth, ACCESS[method]),
    rateLimit(queue.redis, queue.keys, config.RATE_LIMIT_PER_MINUTE),
    requireFunnelContentType,
    requireUtf8,
    express.raw({ type: () => true, limit: config.MAX_BODY_BYTES }),
    async (req, res) => {
      const request = await readFunnelRequest(req, method, lookup, config.MAX_ITEMS);
      res.locals.funnelFound = true;
      const outcome = await submitFunnelRequest(request, services);
      const { tenant, endpointUrl } = request.submission;
      const answered = () =>
        answerSubmission(req, res, outcome, (answer) =>
          metrics.job(`${tenant}/${endpointUrl}`, answer),
        );
      await inSpan('answer', {}, () => Promise.resolve(answered()));
    },
  ];

  router.post('/funnels/:endpointUrl', ...handle('POST'));
  router.delete('/funnels/:endpointUrl', ...handle('DELETE'));
  const refusals = {
    funnels: lookup,
    history: services.history,
    rateLimited: context.rateLimited,
    historyTtlDays: config.HISTORY_TTL_DAYS,
  };
  router.use(recordRefusals(refusals, context.logger));
  return router;
}

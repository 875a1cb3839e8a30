/**
 * `POST /funnels/{endpointUrl}/history/{requestId}/replay`: a recorded POST sent again through the
 * funnel's current settings (core/history/replay-source.ts). It takes the path of any funnel request: a receipt,
 * the body checks, the queue, a worker, an answer and a history record of its own, which names
 * the one replayed (`replayOf`). Needs what a funnel POST needs: `create` and manage_funnels.
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { endpointUrlSchema } from '../../core/domain/names';
import { replaySource } from '../../core/history/replay-source';
import type { ApiContext } from '../context';
import { dryRunFlag, dryRunQuerySchema } from '../http/dry-run-flag';
import { checkFunnelBody } from '../http/funnel-body';
import { answerStillRunning } from '../http/still-running';
import { takeReceiptSequence } from '../middleware/take-receipt-sequence';
import { HttpError, notFound } from '../http/http-error';
import { checkNdjsonBody } from '../http/ndjson-structure';
import { rateLimit } from '../middleware/rate-limit';
import { traceRequest } from '../middleware/trace-request';
import { inSpan } from '../../core/platform/tracing/spans';
import { traceField } from '../../core/platform/tracing/trace-carrier';
import { requireAccess } from '../middleware/require-access';
import { errorBodySchema } from '../openapi/registry';
import { ruleRefusal } from '../openapi/rule-refusal';
import { registerRoute } from '../openapi/settings-paths';
import { envelopeSchema } from '../../core/domain/envelope';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

registerRoute({
  method: 'post',
  path: '/funnels/{endpointUrl}/history/{requestId}/replay',
  tags: ['History'],
  access: 'token ability "create", user permission "manage_funnels"',
  description:
    "Sends a recorded POST's payload again, through the funnel's current settings, as a new " +
    'request: it is queued and answered as `POST /funnels/{endpointUrl}` would be, and gets its ' +
    'own history record (`Location`), whose `replayOf` is the record replayed. No body.',
  request: {
    params: z.object({ endpointUrl: endpointUrlSchema, requestId: z.string() }),
    query: z.object({
      dryRun: dryRunQuerySchema.meta({
        description:
          '`true`: validate everything, lookups included, and write nothing, as a dry run of ' +
          'the funnel request would; its record says `dryRun: true`',
      }),
    }),
  },
  responses: {
    200: json(envelopeSchema, 'The new request was answered; `Location` names its record'),
    400: ruleRefusal(
      json(
        errorBodySchema,
        'The recorded payload is not JSON, or not the shape asked for, as when it was received; ' +
          'a `dryRun` other than `true` or `false`; or the path is not valid percent-encoding',
      ),
    ),
    404: json(errorBodySchema, 'No such funnel, or no such request to it in the tenant'),
    409: json(
      errorBodySchema,
      'The payload was not kept whole when recorded, or the record is of a DELETE',
    ),
    410: json(errorBodySchema, 'The payload was kept, and pruned since (`HISTORY_PAYLOAD_DAYS`)'),
    413: ruleRefusal(json(errorBodySchema, 'The recorded payload has more than `MAX_ITEMS` items')),
    422: ruleRefusal(json(envelopeSchema, 'The new request was answered: validation failed')),
    429: {
      ...json(errorBodySchema, "Over the token's rate limit"),
      headers: {
        'Retry-After': { description: 'Seconds to wait', schema: { type: 'string' as const } },
      },
    },
    503: json(errorBodySchema, 'The queue is away'),
    504: json(errorBodySchema, 'Still being processed; its history record will show the outcome'),
  },
});

const REFUSAL_STATUS = { 'not-found': 404, 'not-a-post': 409, 'not-kept': 409, gone: 410 } as const;

export function replayRoutes(context: ApiContext): Router {
  const router = Router();
  const { config, queue } = context;
  const { history } = context;
  const submitter = context.submission.jobs;

  router.post(
    '/funnels/:endpointUrl/history/:requestId/replay',
    traceRequest('/api/v1/funnels/{endpointUrl}/history/{requestId}/replay'),
    takeReceiptSequence(context.receipts),
    requireAccess(context.auth, { ability: 'create', permission: 'manage_funnels' }),
    rateLimit(queue.redis, queue.keys, config.RATE_LIMIT_PER_MINUTE),
    async (req: Request<{ endpointUrl: string; requestId: string }>, res) => {
      const { tenant, tokenId } = req.principal;
      const dryRun = dryRunFlag(req.originalUrl);
      const endpointUrl = endpointUrlSchema.safeParse(req.params.endpointUrl);
      const funnel = endpointUrl.success && (await context.funnels.find(tenant, endpointUrl.data));
      if (!endpointUrl.success || !funnel) {
        throw notFound(`No funnel with endpoint URL "${req.params.endpointUrl}"`);
      }
      const record = await history.findByEitherId(tenant, funnel.id, req.params.requestId);
      const source = await replaySource(history, record);
      if (!source.ok) throw new HttpError(REFUSAL_STATUS[source.refusal], source.message);

      const { raw, bodyFormat } = source;
      if (bodyFormat === 'ndjson') checkNdjsonBody('POST', raw, config.MAX_ITEMS);
      else checkFunnelBody('POST', raw, config.MAX_ITEMS);
      const submission = {
        requestId: req.requestId,
        recordId: req.recordId,
        tenant,
        endpointUrl: endpointUrl.data,
        funnelId: funnel.id,
        method: 'POST' as const,
        receivedAt: req.receivedAt.toISOString(),
        sequence: req.receiptSequence,
        tokenId,
        dryRun,
        bodyFormat,
        replayOf: source.replayOf,
      };
      // The job continues the queue's span, as a funnel request's does.
      const answer = await inSpan('queue', {}, () =>
        submitter.submit({ ...submission, ...traceField() }, raw),
      );
      res.setHeader(
        'Location',
        `/api/v1/funnels/${endpointUrl.data}/history/${encodeURIComponent(req.recordId)}`,
      );
      if (answer.state === 'running') {
        answerStillRunning(req, res);
        return;
      }
      if (answer.httpStatus === 503) res.setHeader('Retry-After', '5');
      res.status(answer.httpStatus).json(answer.envelope);
    },
  );
  return router;
}

/**
 * `POST` and `DELETE /funnels/{endpoint-url}`: authenticate, check the body's structure, find the
 * funnel, queue the request for a worker and answer with the worker's status code and envelope,
 * or 504 with the request id if it takes longer than WAIT_TIMEOUT_MS. The checks' order and the
 * status codes: docs/api-behaviour.md#the-path-of-a-request.
 */
import express, { Router, type RequestHandler } from 'express';
import type { AccessRequirement } from '../../core/auth/access';
import type { ApiContext } from '../context';
import { dryRunFlag } from '../http/dry-run-flag';
import { checkFunnelQuery } from '../http/funnel-query';
import { bodyFormatOf, FUNNEL_MEDIA_TYPES } from '../http/body-format';
import { requireUtf8 } from '../http/body-charset';
import { checkFunnelBody, type FunnelMethod } from '../http/funnel-body';
import { checkNdjsonBody } from '../http/ndjson-body';
import { FunnelLookup } from '../http/funnel-lookup';
import { recordRefusals } from '../http/refusal-record';
import { RateLimitedCounts } from '../../core/redis/rate-limited-counts';
import { historyRecord } from '../../core/ingest/history-record-builder';
import { HistoryRepository } from '../../core/history/history.repository';
import { funnelSubmitter, type Submission } from '../http/funnel-submission';
import { answerStillRunning } from '../http/still-running';
import { RequestGroups } from '../http/request-groups';
import { HttpError, notFound } from '../http/http-error';
import { takeReceiptSequence } from '../middleware/receipt-sequence';
import '../openapi/funnel-requests';
import { rateLimit } from '../middleware/rate-limit';
import { requireAccess } from '../middleware/require-access';
import { syncTag } from '../http/sync-tag';
import { admitToSync } from '../../core/syncs/sync-admission';
import { syncServices } from '../../core/syncs/sync-services';

const ACCESS: Record<FunnelMethod, AccessRequirement> = {
  POST: { ability: 'create', permission: 'manage_funnels' },
  DELETE: { ability: 'delete', permission: 'manage_funnels' },
};

/**
 * 415 for a body that is neither JSON nor NDJSON; an empty request without a Content-Type is let
 * through.
 */
const requireFunnelContentType: RequestHandler = (req, _res, next) => {
  const declared = req.get('content-type');
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding');
  if ((declared || hasBody) && !req.is([...FUNNEL_MEDIA_TYPES])) {
    throw new HttpError(415, `The request body must be ${FUNNEL_MEDIA_TYPES.join(' or ')}`);
  }
  next();
};

/** RFC 7240: `Prefer: respond-async`, alone or among other preferences. */
function prefersAsync(prefer: string | undefined): boolean {
  return prefer !== undefined && /(^|[\s,;])respond-async([\s,;]|$)/i.test(prefer);
}

function rawBody(limit: number): RequestHandler {
  return express.raw({ type: () => true, limit });
}

export function funnelsRoutes(context: ApiContext): Router {
  const router = Router();
  const { config, queue } = context;
  const lookup = new FunnelLookup(context.funnels);
  const submitter = funnelSubmitter(queue, config.QUEUE_PREFIX, config.WAIT_TIMEOUT_MS);
  const groups = new RequestGroups(submitter, {
    maxRequests: config.GROUP_MAX_REQUESTS,
    waitMs: config.WAIT_TIMEOUT_MS,
    onSend: (size) => context.metrics.groupSent(size),
  });
  const history = new HistoryRepository(context.db);
  const syncs = syncServices(context.db, queue.redis, config.QUEUE_PREFIX, context.documents);

  /**
   * `Prefer: respond-async`: the record says queued before the job exists (a worker could
   * finish first otherwise), and says why if the job could not be queued.
   */
  const acceptAsync = async (submission: Submission, raw: Buffer) => {
    const ttl = config.HISTORY_TTL_DAYS;
    const queued = { status: 'queued' as const, httpStatus: 202, message: 'Queued', itemCount: 0 };
    await history.save(historyRecord(submission, raw, queued, ttl));
    try {
      await submitter.enqueue(submission, raw);
    } catch (error) {
      const failed = {
        status: 'error' as const,
        httpStatus: 503,
        message: 'Could not be queued',
        itemCount: 0,
      };
      await history.save(historyRecord(submission, raw, failed, ttl)).catch(() => undefined);
      throw error;
    }
  };

  /**
   * Counts every funnel request by its final status, refusals included. The endpoint is read
   * now: once an error leaves the router, `req.params` no longer holds it.
   */
  const countRequest =
    (method: FunnelMethod): RequestHandler =>
    (req, res, next) => {
      const endpointUrl = String(req.params.endpointUrl);
      // For the record of a refusal, whose handler sees no route parameters.
      res.locals.endpointUrl = endpointUrl;
      res.on('finish', () => {
        const tenant = res.locals.authenticatedTenant as string | undefined;
        const found = res.locals.funnelFound === true;
        context.metrics.request({ tenant, endpointUrl, found }, method, res.statusCode);
      });
      next();
    };

  const receiptSequence = takeReceiptSequence(queue.redis, config.QUEUE_PREFIX);

  const handle = (method: FunnelMethod): RequestHandler[] => [
    countRequest(method),
    receiptSequence,
    requireAccess(context.auth, ACCESS[method]),
    rateLimit(queue.redis, config.QUEUE_PREFIX, config.RATE_LIMIT_PER_MINUTE),
    requireFunnelContentType,
    requireUtf8,
    rawBody(config.MAX_BODY_BYTES),
    async (req, res) => {
      const endpointUrl = String(req.params.endpointUrl);
      const dryRun = dryRunFlag(req.originalUrl);
      const sync = syncTag(req.originalUrl);
      checkFunnelQuery(req.originalUrl);
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const bodyFormat = bodyFormatOf(req);
      if (bodyFormat === 'ndjson') checkNdjsonBody(method, raw, config.MAX_ITEMS);
      else checkFunnelBody(method, raw, config.MAX_ITEMS);
      const { tenant, tokenId } = req.principal;
      const funnel = await lookup.find(tenant, endpointUrl);
      if (!funnel) throw notFound(`No funnel with endpoint URL "${endpointUrl}"`);
      res.locals.funnelFound = true;
      const submission = {
        requestId: req.requestId,
        recordId: req.recordId,
        tenant,
        endpointUrl,
        funnelId: funnel.id,
        method,
        receivedAt: req.receivedAt.toISOString(),
        sequence: req.receiptSequence,
        tokenId,
        dryRun,
        bodyFormat,
        ...(sync === undefined ? {} : { sync }),
      };
      if (sync !== undefined) {
        const tagged = { tenant, funnelId: funnel.id, syncId: sync, recordId: req.recordId };
        const admission = await admitToSync(syncs, tagged, new Date());
        if (!admission.admitted) throw new HttpError(admission.status, admission.message);
      }
      // Not queued after all, or answered without a job of its own: no longer the sync's.
      const leaveSync = async () => {
        if (sync !== undefined) await syncs.gate.release(tenant, sync, req.recordId);
      };
      const idempotencyKey = req.get('idempotency-key');
      if (idempotencyKey === undefined && prefersAsync(req.get('prefer'))) {
        await acceptAsync(submission, raw).catch(async (error: unknown) => {
          await leaveSync().catch(() => undefined);
          throw error;
        });
        res
          .status(202)
          .set({
            Location: `/api/v1/funnels/${endpointUrl}/history/${encodeURIComponent(req.recordId)}`,
            'Preference-Applied': 'respond-async',
          })
          .json({
            status: 'success',
            message: 'The request was accepted; its history record will show the outcome',
            data: { requestId: req.requestId, recordId: req.recordId },
          });
        return;
      }
      const answer = await (
        idempotencyKey === undefined
          ? groups.submit(submission, raw)
          : submitter.submitOnce(submission, raw, idempotencyKey)
      ).catch(async (error: unknown) => {
        await leaveSync().catch(() => undefined);
        throw error;
      });
      if (answer.state === 'answered' && answer.replayed) await leaveSync();
      if (answer.state === 'running') {
        answerStillRunning(req, res);
        return;
      }
      if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
      else context.metrics.job(`${tenant}/${endpointUrl}`, answer);
      // A worker's 503 (an engine away, the retry budget spent) invites a retry, as the API's own do.
      if (answer.httpStatus === 503) res.setHeader('Retry-After', '5');
      res.status(answer.httpStatus).json(answer.envelope);
    },
  ];

  router.post('/funnels/:endpointUrl', ...handle('POST'));
  router.delete('/funnels/:endpointUrl', ...handle('DELETE'));
  router.use(
    recordRefusals({
      lookup,
      history,
      rateLimited: new RateLimitedCounts(queue.redis, config.QUEUE_PREFIX),
      historyTtlDays: config.HISTORY_TTL_DAYS,
      logger: context.logger,
    }),
  );
  return router;
}

/**
 * Full syncs of a funnel (docs/full-syncs.md): start one, read it, commit it. Starting needs what
 * a funnel POST needs, committing what a DELETE needs, reading `read`; all of them manage_funnels.
 * The commit runs as a job: answered when done within WAIT_TIMEOUT_MS, else 202 and the sync's
 * `commit` shows its progress.
 */
import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AccessRequirement } from '../../core/auth/access';
import { endpointUrlSchema } from '../../core/domain/names';
import { decodeCursor, encodeCursor, InvalidCursorError } from '../../core/mongo/page-cursor';
import { ReceiptSequence } from '../../core/redis/receipt-sequence';
import { HistoryRepository } from '../../core/history/history.repository';
import { pendingRequests } from '../../core/syncs/pending-requests';
import { previewCommit } from '../../core/syncs/preview-commit';
import { startSync } from '../../core/syncs/start-sync';
import { syncIdSchema, syncState, syncView, type SyncDocument } from '../../core/syncs/sync';
import { syncServices } from '../../core/syncs/sync-services';
import type { ApiContext } from '../context';
import { HttpError, notFound, unavailable } from '../http/http-error';
import { invalid, parseOrThrow } from '../http/validate';
import { jsonBody } from '../middleware/json-body';
import { requireAccess } from '../middleware/require-access';
import {
  commitBodySchema,
  commitLimitOf,
  commitPageQuerySchema,
  registerSyncPaths,
} from '../openapi/sync-paths';

const access = (ability: AccessRequirement['ability']): AccessRequirement => ({
  ability,
  permission: 'manage_funnels',
});

const afterSchema = z.object({ after: z.string() });

registerSyncPaths();

export function syncsRoutes(context: ApiContext): Router {
  const router = Router();
  const { config, queue } = context;
  const syncs = syncServices(context.db, queue.redis, config.QUEUE_PREFIX, context.documents);
  const receipts = new ReceiptSequence(queue.redis, config.QUEUE_PREFIX);
  const history = new HistoryRepository(context.db);

  const receiptOf = async (receivedAt: Date) => {
    try {
      return { sequence: await receipts.next(receivedAt), receivedAt };
    } catch (error) {
      throw unavailable('the queue', error);
    }
  };

  async function funnelOf(tenant: string, endpointUrl: string) {
    const valid = endpointUrlSchema.safeParse(endpointUrl);
    const funnel = valid.success ? await context.funnels.find(tenant, valid.data) : null;
    if (!funnel) throw notFound(`No funnel with endpoint URL "${endpointUrl}"`);
    return funnel;
  }

  /** The tenant's sync of this funnel, with the funnel; any other sync is unknown here. */
  async function syncOf(tenant: string, endpointUrl: string, syncId: string) {
    const funnel = await funnelOf(tenant, endpointUrl);
    const sync = syncIdSchema.safeParse(syncId).success
      ? await syncs.records.find(tenant, syncId)
      : null;
    if (!sync || sync.funnelId !== funnel.id) {
      throw notFound(`No sync "${syncId}" on this funnel`);
    }
    return { funnel, sync };
  }

  /** 409 or 410 for a sync that cannot be committed now; null when it can. */
  async function notCommittable(sync: SyncDocument): Promise<HttpError | null> {
    const state = syncState(sync, new Date());
    if (state === 'expired') return new HttpError(410, 'The sync expired uncommitted');
    if (state !== 'open') return new HttpError(409, `The sync is ${state}`);
    const pending = await pendingRequests(syncs, history, sync);
    return pending.length > 0 ? stillRunning(pending) : null;
  }

  router.post(
    '/funnels/:endpointUrl/syncs',
    requireAccess(context.auth, access('create')),
    async (req: Request<{ endpointUrl: string }>, res) => {
      const { tenant } = req.principal;
      const funnel = await funnelOf(tenant, req.params.endpointUrl);
      const receipt = await receiptOf(req.receivedAt);
      const sync = await startSync(syncs, {
        tenant,
        funnelId: funnel.id,
        contentType: funnel.contentType,
        receipt,
      });
      res
        .status(201)
        .location(`/api/v1/funnels/${funnel.endpointUrl}/syncs/${sync.syncId}`)
        .json(syncView(sync, funnel.endpointUrl));
    },
  );

  router.get(
    '/funnels/:endpointUrl/syncs/:syncId',
    requireAccess(context.auth, access('read')),
    async (req: Request<{ endpointUrl: string; syncId: string }>, res) => {
      const { endpointUrl, syncId } = req.params;
      const { funnel, sync } = await syncOf(req.principal.tenant, endpointUrl, syncId);
      res.json(syncView(sync, funnel.endpointUrl));
    },
  );

  router.post(
    '/funnels/:endpointUrl/syncs/:syncId/commit',
    requireAccess(context.auth, access('delete')),
    ...jsonBody,
    async (req: Request<{ endpointUrl: string; syncId: string }>, res) => {
      const { tenant, tokenId } = req.principal;
      const { endpointUrl, syncId } = req.params;
      const { funnel, sync } = await syncOf(tenant, endpointUrl, syncId);
      const body = parseOrThrow(commitBodySchema, req.body ?? {});
      const limit = commitLimitOf(body);
      // Read on every commit, not only on a dry run that pages with it: a bad `limit` is never
      // taken silently.
      const page = parseOrThrow(commitPageQuerySchema, req.query);

      if (body.dryRun) {
        const refusal = await notCommittable(sync);
        if (refusal) throw refusal;
        let after: string | undefined;
        try {
          after = page.cursor ? decodeCursor(page.cursor, afterSchema).after : undefined;
        } catch (error) {
          if (error instanceof InvalidCursorError) throw invalid({ cursor: error.message });
          throw error;
        }
        const preview = await previewCommit(syncs, sync, limit, { after, size: page.limit });
        res.json({
          syncId,
          dryRun: true,
          wouldDelete: preview.wouldDelete,
          funnelItems: preview.funnelItems,
          allowed: preview.allowed,
          withinLimit: preview.withinLimit,
          items: preview.identifiers,
          nextCursor: preview.after === null ? null : encodeCursor({ after: preview.after }),
        });
        return;
      }

      const receipt = await receiptOf(req.receivedAt);
      let closed = await syncs.gate.close(tenant, syncId);
      // Pending marks of requests whose records are final go; then it is tried once more.
      if (closed === 'busy' && (await notCommittable(sync)) === null) {
        closed = await syncs.gate.close(tenant, syncId);
      }
      if (closed !== 'closed') {
        throw (await notCommittable(sync)) ?? new HttpError(409, `The sync is ${closed}`);
      }
      await syncs.records.setCommit(tenant, syncId, 'committing', {
        requestId: req.requestId,
        recordId: req.recordId,
        receivedAt: receipt.receivedAt,
        toDelete: null,
        deleted: 0,
        finishedAt: null,
        httpStatus: null,
        message: null,
      });
      const job = {
        requestId: req.requestId,
        recordId: req.recordId,
        tenant,
        endpointUrl,
        funnelId: funnel.id,
        syncId,
        receivedAt: receipt.receivedAt.toISOString(),
        sequence: receipt.sequence,
        tokenId,
        limit,
      };
      let outcome;
      try {
        outcome = await queue.run('sync-commit', job, {
          timeoutMs: config.WAIT_TIMEOUT_MS,
          jobId: randomUUID(),
        });
      } catch (error) {
        // Never queued (or failed for good): the sync takes requests and commits again.
        await syncs.records.setCommit(tenant, syncId, 'open', sync.commit).catch(() => undefined);
        await syncs.gate.open(tenant, syncId, sync.expiresAt).catch(() => undefined);
        throw unavailable('the queue', error);
      }
      if (outcome.state === 'running') {
        res
          .status(202)
          .location(`/api/v1/funnels/${endpointUrl}/syncs/${syncId}`)
          .json({
            status: 'success',
            message: 'The commit goes on; the sync shows its progress',
            data: { syncId, state: 'committing', recordId: req.recordId },
          });
        return;
      }
      res.status(outcome.result.httpStatus).json(outcome.result.body);
    },
  );

  return router;
}

function stillRunning(pending: string[]): HttpError {
  return new HttpError(
    409,
    `${pending.length} ${pending.length === 1 ? 'request' : 'requests'} of the sync ` +
      'still queued or running; commit once they are done',
    {},
    { data: { pending: pending.slice(0, 100) } },
  );
}

/**
 * Full syncs of a funnel (docs/full-syncs.md): start one, read it, commit it. Starting needs what
 * a funnel POST needs, committing what a DELETE needs, reading `read`; all of them manage_funnels.
 * The commit runs as a job: answered when done within WAIT_TIMEOUT_MS, else 202 and the sync's
 * `commit` shows its progress. What is decided is core/syncs/'s; here requests are read and
 * answered.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AccessRequirement } from '../../core/auth/access';
import { endpointUrlSchema } from '../../core/domain/names';
import { findFunnel, findSync } from '../../core/syncs/find-sync';
import { requestCommit, type CommitRequestOutcome } from '../../core/syncs/request-commit';
import { startSync } from '../../core/syncs/start-sync';
import { syncView, syncViewSchema } from '../../core/syncs/sync';
import { SYNC_STATES } from '../../core/syncs/sync-listing';
import type { QueueAway, Refused } from '../../core/syncs/sync-refusal';
import type { ApiContext } from '../context';
import { givenDryRun } from '../http/dry-run-flag';
import { HttpError, unavailable } from '../http/http-error';
import { invalid, parseOrThrow } from '../http/validate';
import { jsonBody } from '../middleware/json-body';
import { requireAccess } from '../middleware/require-access';
import { errorBodySchema } from '../openapi/registry';
import { ruleRefusal } from '../openapi/rule-refusal';
import { registerRoute } from '../openapi/settings-paths';
import {
  commitBodySchema,
  commitLimitOf,
  commitQuerySchema,
  registerSyncPaths,
} from '../openapi/sync-paths';

const access = (ability: AccessRequirement['ability']): AccessRequirement => ({
  ability,
  permission: 'manage_funnels',
});

registerSyncPaths();

const listQuerySchema = z.object({
  state: z.enum(SYNC_STATES).optional().describe('`expired`: open past its expiry'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});
const stateCountsSchema = z.object(
  Object.fromEntries(SYNC_STATES.map((state) => [state, z.number().int()])) as Record<
    (typeof SYNC_STATES)[number],
    z.ZodNumber
  >,
);
const syncPageSchema = z
  .object({
    items: z.array(syncViewSchema),
    nextCursor: z.string().nullable(),
    counts: stateCountsSchema.describe("The funnel's syncs in each state, whatever the filter"),
  })
  .meta({ id: 'SyncPage' });

registerRoute({
  method: 'get',
  path: '/funnels/{endpointUrl}/syncs',
  tags: ['Full syncs'],
  access: 'token ability "read", user permission "manage_funnels"',
  description:
    "The funnel's full syncs, newest started first. Pass the same `state` with `cursor`.",
  request: { params: z.object({ endpointUrl: endpointUrlSchema }), query: listQuerySchema },
  responses: {
    200: {
      description: 'A page; pass `nextCursor` as `cursor` for the next',
      content: { 'application/json': { schema: syncPageSchema } },
    },
    404: {
      description: 'No funnel with that endpoint URL in the tenant',
      content: { 'application/json': { schema: errorBodySchema } },
    },
    422: ruleRefusal({
      description: 'A bad `state` or `limit`, or a `cursor` this list did not answer',
      content: { 'application/json': { schema: errorBodySchema } },
    }),
  },
});

export function syncsRoutes(context: ApiContext): Router {
  const router = Router();
  const { syncApi: services, syncListing: listing } = context;

  router.get(
    '/funnels/:endpointUrl/syncs',
    requireAccess(context.auth, access('read')),
    async (req: Request<{ endpointUrl: string }>, res) => {
      const { tenant } = req.principal;
      const found = await findFunnel(services.funnels, tenant, req.params.endpointUrl);
      if (found.state !== 'found') throw failure(found);
      const query = parseOrThrow(listQuerySchema, req.query);
      const { funnel } = found;
      const now = new Date();
      const [page, counts] = await Promise.all([
        listing.list(tenant, funnel.id, query, now),
        listing.counts(tenant, funnel.id, now),
      ]);
      const items = page.items.map((sync) => syncView(sync, funnel.endpointUrl, now));
      res.json({ items, nextCursor: page.nextCursor, counts });
    },
  );

  router.post(
    '/funnels/:endpointUrl/syncs',
    requireAccess(context.auth, access('create')),
    async (req: Request<{ endpointUrl: string }>, res) => {
      const { endpointUrl } = req.params;
      const { tenant } = req.principal;
      const started = await startSync(services, {
        tenant,
        endpointUrl,
        receivedAt: req.receivedAt,
      });
      if (started.state !== 'started') throw failure(started);
      const { funnel, sync } = started;
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
      const found = await findSync(services, req.principal.tenant, endpointUrl, syncId);
      if (found.state !== 'found') throw failure(found);
      res.json(syncView(found.sync, found.funnel.endpointUrl));
    },
  );

  router.post(
    '/funnels/:endpointUrl/syncs/:syncId/commit',
    requireAccess(context.auth, access('delete')),
    ...jsonBody,
    async (req: Request<{ endpointUrl: string; syncId: string }>, res) => {
      const { tenant, tokenId } = req.principal;
      const { endpointUrl, syncId } = req.params;
      // Before the body is read: a sync this caller cannot see is 404, whatever the body.
      const found = await findSync(services, tenant, endpointUrl, syncId);
      if (found.state !== 'found') throw failure(found);
      const queryDryRun = givenDryRun(req.originalUrl);
      const body = parseOrThrow(commitBodySchema, req.body ?? {});
      const dryRun = commitDryRun(queryDryRun, body.dryRun);
      // Read on every commit, not only on a dry run that pages with it: a bad `limit` is never
      // taken silently.
      const page = parseOrThrow(commitQuerySchema, req.query);
      const outcome = await requestCommit(services, found, {
        requestId: req.requestId,
        recordId: req.recordId,
        tokenId,
        receivedAt: req.receivedAt,
        limit: commitLimitOf(body),
        dryRun,
        page: { size: page.limit, cursor: page.cursor },
      });
      answerCommit(res, outcome, { endpointUrl, syncId, recordId: req.recordId });
    },
  );

  return router;
}

/**
 * A commit is a dry run when the query or the body says so; when both say, they must agree, so
 * that neither is taken over the other in silence.
 */
function commitDryRun(inQuery: boolean | undefined, inBody: boolean | undefined): boolean {
  if (inQuery !== undefined && inBody !== undefined && inQuery !== inBody) {
    throw new HttpError(
      400,
      `dryRun is ${inQuery} in the query and ${inBody} in the body: give it once, or the same`,
    );
  }
  return inQuery ?? inBody ?? false;
}

/** The commit's answer: a dry run's page, its job's answer, or 202 naming the sync to follow. */
function answerCommit(
  res: Response,
  outcome: CommitRequestOutcome,
  { endpointUrl, syncId, recordId }: { endpointUrl: string; syncId: string; recordId: string },
): void {
  switch (outcome.state) {
    case 'previewed':
      res.json({ syncId, dryRun: true, ...outcome.preview });
      return;
    case 'answered':
      res.status(outcome.answer.httpStatus).json(outcome.answer.body);
      return;
    case 'running':
      res
        .status(202)
        .location(`/api/v1/funnels/${endpointUrl}/syncs/${syncId}`)
        .json({
          status: 'success',
          message: 'The commit goes on; the sync shows its progress',
          data: { syncId, state: 'committing', recordId },
        });
      return;
    case 'bad-cursor':
      throw invalid({ cursor: outcome.message });
    default:
      throw failure(outcome);
  }
}

/** A refusal made in core/syncs/ as it is answered; a queue away as any engine away. */
function failure(outcome: Refused | QueueAway): HttpError {
  if (outcome.state === 'queue-away') return unavailable('the queue', outcome.cause);
  const { status, message, data } = outcome.refusal;
  return new HttpError(status, message, {}, data === undefined ? {} : { data });
}

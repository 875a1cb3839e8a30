/**
 * Re-drives of a funnel (docs/api-behaviour.md#re-drive): its failed requests since a time, or of
 * one full sync, sent again through its current settings as one operation that a worker job
 * carries out. Starting or cancelling one needs what a funnel POST needs (`create` and
 * manage_funnels), reading one `read` and manage_funnels. What is decided is core/redrives/'s.
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { endpointUrlSchema } from '../../core/domain/names';
import {
  isEnded,
  redriveIdSchema,
  redriveView,
  redriveViewSchema,
} from '../../core/redrives/redrive';
import { startRedrive } from '../../core/redrives/start-redrive';
import type { QueueAway, Refused } from '../../core/syncs/sync-refusal';
import type { ApiContext } from '../context';
import { funnelAt } from '../http/funnel-at';
import { HttpError, notFound, unavailable } from '../http/http-error';
import { invalid, parseOrThrow } from '../http/validate';
import { jsonBody } from '../middleware/json-body';
import { requireAccess } from '../middleware/require-access';
import { traceRequest } from '../middleware/trace-request';
import { errorBodySchema } from '../openapi/registry';
import { ruleRefusal } from '../openapi/rule-refusal';
import { registerRoute } from '../openapi/settings-paths';

const instantSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset' })
  .transform((value) => new Date(value));

const startBodySchema = z
  .strictObject({
    since: instantSchema
      .optional()
      .describe('Re-drive the failed requests received at or after this time (not in the future)'),
    until: instantSchema
      .optional()
      .describe('...and before this time (exclusive); default: when the re-drive is asked for'),
    syncId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('Re-drive the failed requests of this full sync instead (in place of `since`)'),
    dryRun: z
      .boolean()
      .default(false)
      .describe('Send each as a dry run: validated, recorded, nothing written'),
  })
  .refine((body) => (body.since === undefined) !== (body.syncId === undefined), {
    path: ['since'],
    message: 'give one of since and syncId',
  })
  .refine((body) => body.until === undefined || body.since !== undefined, {
    path: ['until'],
    message: 'is only taken with since',
  })
  .refine((body) => !body.since || !body.until || body.since < body.until, {
    path: ['until'],
    message: 'must be after since',
  })
  .meta({ id: 'RedriveRequest' });

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

const pageSchema = z
  .object({ items: z.array(redriveViewSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'RedrivePage' });

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const params = z.object({ endpointUrl: endpointUrlSchema });
const redriveParams = params.extend({ redriveId: redriveIdSchema });
const TAGS = ['History'];
const WRITE_ACCESS = 'token ability "create", user permission "manage_funnels"';
const READ_ACCESS = 'token ability "read", user permission "manage_funnels"';
const noSuchRedrive = json(errorBodySchema, 'No such funnel, or no such re-drive of it');

registerRoute({
  method: 'post',
  path: '/funnels/{endpointUrl}/redrives',
  tags: TAGS,
  access: WRITE_ACCESS,
  description:
    "Sends the funnel's failed POSTs (`error` and `partial`) again through its current " +
    'settings, each once, in receipt order, as replays do: those received in [`since`, ' +
    '`until`), or those of one full sync. A worker does it; the re-drive (`Location`) shows ' +
    'the progress, and the history filtered by `redriveId` the requests it sent. One re-drive ' +
    'of a funnel runs at a time.',
  request: {
    params,
    body: { required: true, content: { 'application/json': { schema: startBodySchema } } },
  },
  responses: {
    202: json(redriveViewSchema, 'Queued: the re-drive (`Location`) shows its progress'),
    404: json(errorBodySchema, 'No funnel with that endpoint URL, or no such sync of it'),
    409: json(errorBodySchema, 'The funnel has a re-drive queued or running (`data.redriveId`)'),
    422: ruleRefusal(
      json(
        errorBodySchema,
        'A bad body (`errors` names each field: neither or both of `since` and `syncId`, a ' +
          '`since` in the future, an `until` not after it); or more failed requests than ' +
          '`REDRIVE_MAX_REQUESTS` (`data.bound`, and `data.total` when counted)',
      ),
    ),
  },
});

registerRoute({
  method: 'get',
  path: '/funnels/{endpointUrl}/redrives',
  tags: TAGS,
  access: READ_ACCESS,
  description: "The funnel's re-drives, newest first.",
  request: { params, query: listQuerySchema },
  responses: {
    200: json(pageSchema, 'A page; pass `nextCursor` as `cursor` for the next'),
    404: json(errorBodySchema, 'No funnel with that endpoint URL in the tenant'),
    422: ruleRefusal(
      json(errorBodySchema, 'A bad `limit`, or a `cursor` this list did not answer'),
    ),
  },
});

registerRoute({
  method: 'get',
  path: '/funnels/{endpointUrl}/redrives/{redriveId}',
  tags: TAGS,
  access: READ_ACCESS,
  description: 'The re-drive: its state and counts so far.',
  request: { params: redriveParams },
  responses: { 200: json(redriveViewSchema, 'The re-drive'), 404: noSuchRedrive },
});

registerRoute({
  method: 'post',
  path: '/funnels/{endpointUrl}/redrives/{redriveId}/cancel',
  tags: TAGS,
  access: WRITE_ACCESS,
  description:
    'Stops the re-drive after the request it is sending, which is counted; it then ends ' +
    '`cancelled`. No body.',
  request: { params: redriveParams },
  responses: {
    202: json(redriveViewSchema, 'Asked: the re-drive ends `cancelled` once its worker sees it'),
    404: noSuchRedrive,
    409: json(errorBodySchema, 'The re-drive has ended'),
  },
});

function failure(outcome: Refused | QueueAway): HttpError {
  if (outcome.state === 'queue-away') return unavailable('the queue', outcome.cause);
  const { status, message, data } = outcome.refusal;
  return new HttpError(status, message, {}, data === undefined ? {} : { data });
}

export function redrivesRoutes(context: ApiContext): Router {
  const router = Router();
  const { redrives, syncs } = context;
  const writeAccess = requireAccess(context.auth, {
    ability: 'create',
    permission: 'manage_funnels',
  });
  const readAccess = requireAccess(context.auth, { ability: 'read', permission: 'manage_funnels' });
  const { records } = redrives;

  /** The re-drive named by the path, of the funnel named by it, in the caller's tenant. */
  const findRedrive = async (tenant: string, endpointUrl: string, redriveId: string) => {
    const funnel = await funnelAt(context, tenant, endpointUrl);
    const redrive = redriveIdSchema.safeParse(redriveId).success
      ? await records.find(tenant, redriveId)
      : null;
    if (!redrive || redrive.funnelId !== funnel.id) {
      throw notFound(`No re-drive "${redriveId}" of this funnel`);
    }
    return { funnel, redrive };
  };

  router.post(
    '/funnels/:endpointUrl/redrives',
    traceRequest('/api/v1/funnels/{endpointUrl}/redrives'),
    writeAccess,
    ...jsonBody,
    async (req: Request<{ endpointUrl: string }>, res) => {
      const { tenant, tokenId } = req.principal;
      const funnel = await funnelAt(context, tenant, req.params.endpointUrl);
      const body = parseOrThrow(startBodySchema, req.body ?? {});
      const now = req.receivedAt;
      if (body.since && body.since > now) throw invalid({ since: 'is in the future' });
      const outcome = await startRedrive(
        {
          redrives,
          syncs,
          queue: context.queue,
          maxRequests: context.config.REDRIVE_MAX_REQUESTS,
          historyTtlDays: context.config.HISTORY_TTL_DAYS,
        },
        {
          tenant,
          funnel,
          since: body.since ?? null,
          until: body.until ?? null,
          syncId: body.syncId ?? null,
          dryRun: body.dryRun,
          requestId: req.requestId,
          tokenId,
          now,
        },
      );
      if (outcome.state !== 'started') throw failure(outcome);
      const { redrive } = outcome;
      res
        .status(202)
        .location(`/api/v1/funnels/${funnel.endpointUrl}/redrives/${redrive.redriveId}`)
        .json(redriveView(redrive, funnel.endpointUrl));
    },
  );

  router.get(
    '/funnels/:endpointUrl/redrives',
    readAccess,
    async (req: Request<{ endpointUrl: string }>, res) => {
      const { tenant } = req.principal;
      const funnel = await funnelAt(context, tenant, req.params.endpointUrl);
      const query = parseOrThrow(listQuerySchema, req.query);
      const page = await records.list(tenant, funnel.id, query);
      const items = page.items.map((redrive) => redriveView(redrive, funnel.endpointUrl));
      res.json({ items, nextCursor: page.nextCursor });
    },
  );

  router.get(
    '/funnels/:endpointUrl/redrives/:redriveId',
    readAccess,
    async (req: Request<{ endpointUrl: string; redriveId: string }>, res) => {
      const { endpointUrl, redriveId } = req.params;
      const { funnel, redrive } = await findRedrive(req.principal.tenant, endpointUrl, redriveId);
      res.json(redriveView(redrive, funnel.endpointUrl));
    },
  );

  router.post(
    '/funnels/:endpointUrl/redrives/:redriveId/cancel',
    writeAccess,
    async (req: Request<{ endpointUrl: string; redriveId: string }>, res) => {
      const { endpointUrl, redriveId } = req.params;
      const { funnel, redrive } = await findRedrive(req.principal.tenant, endpointUrl, redriveId);
      if (isEnded(redrive.state) || !(await records.requestCancel(redrive))) {
        throw new HttpError(409, `The re-drive has ended (${redrive.state})`);
      }
      res.status(202).json(redriveView({ ...redrive, cancelRequested: true }, funnel.endpointUrl));
    },
  );

  return router;
}

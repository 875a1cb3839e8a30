/**
 * `/funnels/{endpointUrl}/history`: the requests a funnel received, under whichever endpoint URL
 * it had then (docs/api-behaviour.md#the-history-record). Needs `read` and manage_funnels.
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { endpointUrlSchema } from '../../core/domain/names';
import {
  historyStatusSchema,
  historyView,
  historyViewSchema,
} from '../../core/history/history-record';
import { identifierQuerySchema } from '../../core/items/identifier-query';
import type { ApiContext } from '../context';
import { dryRunQuerySchema } from '../http/dry-run-flag';
import { funnelAt } from '../http/funnel-at';
import { recordedRequestAt } from '../http/recorded-request-at';
import { parseOrThrow } from '../http/validate';
import { requireAccess } from '../middleware/require-access';
import { errorBodySchema } from '../openapi/registry';
import { ruleRefusal } from '../openapi/rule-refusal';
import { registerRoute } from '../openapi/settings-paths';

/** A date-time with its offset, or a bare date (midnight UTC). */
const isoDateSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'must be an ISO 8601 date-time with an offset, or a date',
  })
  .transform((value) => new Date(value));

const listQuerySchema = z
  .object({
    status: historyStatusSchema.optional(),
    requestId: z.string().min(1).max(128).optional().describe('Sent with this X-Request-Id'),
    sync: z.string().min(1).max(64).optional().describe("A full sync's requests and its commits"),
    redriveId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('The requests a re-drive sent (`GET /funnels/{endpointUrl}/redrives/{redriveId}`)'),
    identifier: identifierQuerySchema
      .optional()
      .describe('The requests that named this item identifier, whatever they did to it'),
    dryRun: dryRunQuerySchema
      .transform((value) => (value === undefined ? undefined : value === 'true'))
      .describe('`true`: only the dry runs; `false`: only the real requests; absent: both'),
    from: isoDateSchema.optional().describe('Received at or after (inclusive)'),
    to: isoDateSchema.optional().describe('Received before (exclusive)'),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().min(1).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, {
    path: ['to'],
    message: 'must be after from',
  });

/** A list entry names the first few identifiers of its request; `identifierCount` all. */
const IDENTIFIERS_IN_LIST = 5;

const recordSchema = historyViewSchema
  .extend({
    tokenName: z.string().nullable().describe("The token's name; null when it is gone"),
  })
  .meta({ id: 'HistoryRecord' });
const entrySchema = historyViewSchema
  .omit({ payload: true })
  .extend({
    identifiers: z
      .array(z.string())
      .describe(`The first ${IDENTIFIERS_IN_LIST} identifiers named; the record has all`),
  })
  .meta({ id: 'HistoryEntry' });
const pageSchema = z
  .object({
    items: z.array(entrySchema),
    nextCursor: z.string().nullable(),
    rateLimited: z
      .object({ lastDay: z.number().int() })
      .describe('Requests to the funnel the rate limit refused: counted, not recorded one by one'),
  })
  .meta({ id: 'HistoryPage' });

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const access = 'token ability "read", user permission "manage_funnels"';
const endpointUrlParam = z.object({ endpointUrl: endpointUrlSchema });

registerRoute({
  method: 'get',
  path: '/funnels/{endpointUrl}/history',
  tags: ['History'],
  access,
  description:
    'Newest first. Entries leave out `payload`; read one record for it. ' +
    'Filters compose with `cursor`: pass the same filters with it.',
  request: { params: endpointUrlParam, query: listQuerySchema },
  responses: {
    200: json(pageSchema, 'A page; pass `nextCursor` as `cursor` for the next'),
    404: json(errorBodySchema, 'No funnel with that endpoint URL in the tenant'),
    422: ruleRefusal(
      json(
        errorBodySchema,
        'A bad query parameter, `to` not after `from`, or a `cursor` this list did not answer; ' +
          '`errors` names each',
      ),
    ),
  },
});

registerRoute({
  method: 'get',
  path: '/funnels/{endpointUrl}/history/{requestId}',
  tags: ['History'],
  access,
  request: { params: endpointUrlParam.extend({ requestId: z.string() }) },
  responses: {
    200: json(recordSchema, 'The record'),
    404: json(errorBodySchema, 'No such funnel, or no such request to it'),
  },
});

export function historyRoutes(context: ApiContext): Router {
  const router = Router();
  const { history } = context;
  const { tokens } = context;
  const { rateLimited } = context;
  const readAccess = requireAccess(context.auth, { ability: 'read', permission: 'manage_funnels' });

  router.get(
    '/funnels/:endpointUrl/history',
    readAccess,
    async (req: Request<{ endpointUrl: string }>, res) => {
      const { tenant } = req.principal;
      const funnel = await funnelAt(context, tenant, req.params.endpointUrl);
      const query = parseOrThrow(listQuerySchema, req.query);
      const page = await history.list(tenant, funnel.id, query);
      // Entries carry no payload (the repository leaves it out): the view without it.
      const items = page.items.map((entry) => {
        const { payload: _payload, ...view } = historyView({ ...entry, payload: '' });
        return { ...view, identifiers: view.identifiers.slice(0, IDENTIFIERS_IN_LIST) };
      });
      const lastDay = await rateLimited.lastDay(tenant, funnel.id);
      res.json({ items, nextCursor: page.nextCursor, rateLimited: { lastDay } });
    },
  );

  router.get(
    '/funnels/:endpointUrl/history/:requestId',
    readAccess,
    async (req: Request<{ endpointUrl: string; requestId: string }>, res) => {
      const { tenant } = req.principal;
      const { record: found } = await recordedRequestAt(context, tenant, req.params);
      const [record, token] = await Promise.all([
        history.withParts(found),
        found.tokenId === null ? null : tokens.find(tenant, found.tokenId),
      ]);
      res.json({ ...historyView(record), tokenName: token?.name ?? null });
    },
  );

  return router;
}

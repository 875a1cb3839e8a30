/** `/content-types/{key}/items`: reading the items of a content type. Needs `read`. */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { itemChangeViewSchema, recentItemChanges } from '../../core/changes/item-changes';
import type { ContentType } from '../../core/domain/content-type';
import { fieldLabel } from '../../core/domain/field-label';
import { identifierProblem } from '../../core/domain/identifier';
import { contentTypeKeySchema } from '../../core/domain/names';
import { itemTrailEntry, itemTrailEntrySchema } from '../../core/history/item-trail';
import { itemView, itemViewSchema } from '../../core/items/item';
import { itemDetail, itemDetailSchema } from '../../core/items/item-detail';
import { identifierQuerySchema } from '../../core/items/identifier-query';
import type { ApiContext } from '../context';
import { notFound } from '../http/http-error';
import { parseOrThrow } from '../http/validate';
import { requireAccess } from '../middleware/require-access';
import { registerRoute } from '../openapi/settings-paths';
import { errorBodySchema } from '../openapi/registry';
import { ruleRefusal } from '../openapi/rule-refusal';

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
  prefix: identifierQuerySchema
    .optional()
    .describe('Only the items whose identifier starts with it (compared as stored: case counts)'),
});

const trailQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const itemSchema = itemViewSchema.meta({ id: 'Item' });
const detailSchema = itemDetailSchema.meta({ id: 'ItemDetail' });
const changesSchema = z
  .object({ items: z.array(itemChangeViewSchema.meta({ id: 'ItemChange' })) })
  .meta({ id: 'ItemChanges' });
const trailSchema = z
  .object({ items: z.array(itemTrailEntrySchema.meta({ id: 'ItemRequest' })) })
  .meta({ id: 'ItemRequests' });
const itemPageSchema = z
  .object({ items: z.array(itemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ItemPage' });

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const access = 'token ability "read"; no user permission';
const noContentType = json(errorBodySchema, 'No content type with that key in the tenant');

registerRoute({
  method: 'get',
  path: '/content-types/{key}/items',
  tags: ['Items'],
  access,
  description: 'The items of a content type, in identifier order (byte order of UTF-8).',
  request: { params: z.object({ key: contentTypeKeySchema }), query: listQuerySchema },
  responses: {
    200: json(itemPageSchema, 'A page; pass `nextCursor` as `cursor` for the next'),
    404: noContentType,
    422: ruleRefusal(
      json(
        errorBodySchema,
        'A bad `limit` or `prefix`, or a `cursor` this list did not answer; `errors` names each. ' +
          'A cursor goes with the `prefix` it was answered for',
      ),
    ),
  },
});

registerRoute({
  method: 'get',
  path: '/content-types/{key}/items/{identifier}',
  tags: ['Items'],
  access,
  description: 'The item, its version, and the funnel and recorded request that last wrote it.',
  request: { params: z.object({ key: contentTypeKeySchema, identifier: z.string() }) },
  responses: {
    200: json(detailSchema, 'The item'),
    404: json(errorBodySchema, 'No such content type, or no such item in it'),
  },
});

registerRoute({
  method: 'get',
  path: '/content-types/{key}/items/{identifier}/requests',
  tags: ['Items'],
  access: 'token ability "read", user permission "manage_funnels"',
  description:
    "The recorded requests to the content type's funnels that named the identifier, newest " +
    'first, each with what it did to the item; answered whether the item is stored or not, ' +
    'within the history’s retention.',
  request: {
    params: z.object({ key: contentTypeKeySchema, identifier: z.string() }),
    query: trailQuerySchema,
  },
  responses: {
    200: json(trailSchema, 'The requests'),
    404: json(errorBodySchema, 'No content type with that key in the tenant'),
    422: json(errorBodySchema, 'A bad `limit`'),
  },
});

registerRoute({
  method: 'get',
  path: '/content-types/{key}/items/{identifier}/changes',
  tags: ['Items'],
  access,
  description:
    "The item's newest records in the change log (its versions: created, updated, deleted), " +
    'newest first; answered whether the item is stored or not. Each update carries what it ' +
    'changed (`diff`): field, label, value before and after, a value over 1 KiB of JSON cut ' +
    'and marked (`beforeCut`, `afterCut`), at most 16 KiB a version (`omitted` counts the ' +
    'fields past it), kept for the history’s retention.',
  request: {
    params: z.object({ key: contentTypeKeySchema, identifier: z.string() }),
    query: trailQuerySchema,
  },
  responses: {
    200: json(changesSchema, 'The records'),
    404: noContentType,
    422: json(errorBodySchema, 'A bad `limit`'),
  },
});

export function itemsRoutes(context: ApiContext): Router {
  const router = Router();
  const { items, history } = context;
  const readAccess = requireAccess(context.auth, { ability: 'read' });
  const historyAccess = requireAccess(context.auth, {
    ability: 'read',
    permission: 'manage_funnels',
  });

  /** The content type, once it is known to exist in the caller's tenant. */
  async function existingContentType(tenant: string, key: string): Promise<ContentType> {
    // A malformed key (one with ":", say) names no content type: 404, as an unknown one.
    const valid = contentTypeKeySchema.safeParse(key);
    const contentType = valid.success && (await context.contentTypes.find(tenant, valid.data));
    if (!contentType) throw notFound('No such content type');
    return contentType;
  }

  /** The content type's key, once it is known to exist in the caller's tenant. */
  async function contentTypeKey(tenant: string, key: string): Promise<string> {
    return (await existingContentType(tenant, key)).key;
  }

  router.get(
    '/content-types/:key/items',
    readAccess,
    async (req: Request<{ key: string }>, res) => {
      const { tenant } = req.principal;
      const key = await contentTypeKey(tenant, req.params.key);
      const query = parseOrThrow(listQuerySchema, req.query);
      const page = await items.list(tenant, key, {
        limit: query.limit,
        after: query.cursor,
        prefix: query.prefix,
      });
      res.json({ items: page.items.map(itemView), nextCursor: page.nextCursor });
    },
  );

  router.get(
    '/content-types/:key/items/:identifier',
    readAccess,
    async (req: Request<{ key: string; identifier: string }>, res) => {
      const { tenant } = req.principal;
      const key = await contentTypeKey(tenant, req.params.key);
      // An identifier no item can have names none: 404, as an unknown one.
      const { identifier } = req.params;
      const item = identifierProblem(identifier) ? null : await items.find(tenant, key, identifier);
      if (!item) throw notFound('No such item');
      const [funnels, request] = await Promise.all([
        context.funnels.list(tenant),
        history.lastWriter(tenant, item),
      ]);
      const funnel = funnels.find((candidate) => candidate.id === item.funnelId) ?? null;
      res.json(itemDetail(item, { funnel, request }));
    },
  );

  router.get(
    '/content-types/:key/items/:identifier/changes',
    readAccess,
    async (req: Request<{ key: string; identifier: string }>, res) => {
      const { tenant } = req.principal;
      const contentType = await existingContentType(tenant, req.params.key);
      const { limit } = parseOrThrow(trailQuerySchema, req.query);
      const { identifier } = req.params;
      const scope = { tenant, contentType: contentType.key, identifier };
      const labelOf = (field: string) => fieldLabel(contentType, field);
      const items = identifierProblem(identifier)
        ? []
        : await recentItemChanges(context.db, scope, limit, labelOf);
      res.json({ items });
    },
  );

  router.get(
    '/content-types/:key/items/:identifier/requests',
    historyAccess,
    async (req: Request<{ key: string; identifier: string }>, res) => {
      const { tenant } = req.principal;
      const key = await contentTypeKey(tenant, req.params.key);
      const { limit } = parseOrThrow(trailQuerySchema, req.query);
      const { identifier } = req.params;
      if (identifierProblem(identifier)) {
        res.json({ items: [] });
        return;
      }
      const funnels = await context.funnels.usingContentType(tenant, key);
      const endpointUrls = new Map(funnels.map((funnel) => [funnel.id, funnel.endpointUrl]));
      const entries = await history.naming(tenant, [...endpointUrls.keys()], identifier, limit);
      res.json({ items: entries.map((entry) => itemTrailEntry(entry, identifier, endpointUrls)) });
    },
  );

  return router;
}

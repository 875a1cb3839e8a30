/** `/content-types/{key}/items`: reading the items of a content type. Needs `read`. */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { contentTypeKeySchema } from '../../core/domain/names';
import { itemView, itemViewSchema } from '../../core/items/item';
import { InvalidCursorError } from '../../core/mongo/page-cursor';
import { ItemsRepository } from '../../core/items/items.repository';
import type { ApiContext } from '../context';
import { notFound } from '../http/http-error';
import { invalid, parseOrThrow } from '../http/validate';
import { requireAccess } from '../middleware/require-access';
import { registerRoute } from '../openapi/settings-paths';
import { errorBodySchema } from '../openapi/registry';

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

const itemSchema = itemViewSchema.meta({ id: 'Item' });
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
    422: json(
      errorBodySchema,
      'A bad `limit`, or a `cursor` this list did not answer; `errors` names each',
    ),
  },
});

registerRoute({
  method: 'get',
  path: '/content-types/{key}/items/{identifier}',
  tags: ['Items'],
  access,
  request: { params: z.object({ key: contentTypeKeySchema, identifier: z.string() }) },
  responses: {
    200: json(itemSchema, 'The item'),
    404: json(errorBodySchema, 'No such content type, or no such item in it'),
  },
});

export function itemsRoutes(context: ApiContext): Router {
  const router = Router();
  const items = new ItemsRepository(context.db);
  const readAccess = requireAccess(context.auth, { ability: 'read' });

  /** The content type's key, once it is known to exist in the caller's tenant. */
  async function contentTypeKey(tenant: string, key: string): Promise<string> {
    // A malformed key (one with ":", say) names no content type: 404, as an unknown one.
    const valid = contentTypeKeySchema.safeParse(key);
    if (!valid.success || !(await context.contentTypes.find(tenant, valid.data))) {
      throw notFound('No such content type');
    }
    return valid.data;
  }

  router.get(
    '/content-types/:key/items',
    readAccess,
    async (req: Request<{ key: string }>, res) => {
      const { tenant } = req.principal;
      const key = await contentTypeKey(tenant, req.params.key);
      const query = parseOrThrow(listQuerySchema, req.query);
      try {
        const page = await items.list(tenant, key, { limit: query.limit, after: query.cursor });
        res.json({ items: page.items.map(itemView), nextCursor: page.nextCursor });
      } catch (error) {
        if (error instanceof InvalidCursorError) throw invalid({ cursor: error.message });
        throw error;
      }
    },
  );

  router.get(
    '/content-types/:key/items/:identifier',
    readAccess,
    async (req: Request<{ key: string; identifier: string }>, res) => {
      const { tenant } = req.principal;
      const key = await contentTypeKey(tenant, req.params.key);
      const item = await items.find(tenant, key, req.params.identifier);
      if (!item) throw notFound('No such item');
      res.json(itemView(item));
    },
  );

  return router;
}

/**
 * `GET /changes`: the tenant's change log, oldest first, for consumers that poll instead of
 * taking deliveries (docs/export.md#the-change-feed). Needs `read`.
 */
import { Router } from 'express';
import { z } from 'zod';
import { changeView, changeViewSchema } from '../../core/changes/change-record';
import { contentTypeKeySchema } from '../../core/domain/names';
import type { ApiContext } from '../context';
import { parseOrThrow } from '../http/validate';
import { requireAccess } from '../middleware/require-access';
import { errorBodySchema } from '../openapi/registry';
import { registerRoute } from '../openapi/settings-paths';

/** A cursor is the `seq` of the last change looked at, filtered out or not, as text. */
const changesQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a cursor from `nextCursor` (or 0 for the start)')
    .transform(Number)
    .default(0),
  contentType: contentTypeKeySchema.optional(),
  limit: z.coerce.number().int().min(1).max(1_000).default(100),
});

/** Changes read per look while filtering by content type, and looks per request at most. */
const SCAN_LIMIT = 500;
const MAX_LOOKS = 4;

const changeSchema = changeViewSchema.meta({ id: 'Change' });

const changePageSchema = z
  .object({
    items: z.array(changeSchema),
    nextCursor: z
      .string()
      .describe('Pass as `after` next time; it moves past every change looked at'),
  })
  .meta({ id: 'ChangePage' });

registerRoute({
  method: 'get',
  path: '/changes',
  tags: ['Changes'],
  access: 'token ability "read"; no user permission',
  description:
    "The tenant's changes (every item write or delete that changed something), oldest first. Keep calling with the last `nextCursor` as `after`: no change is ever missed, even while writes run in parallel. `nextCursor` also moves past changes that `contentType` filtered out, so a filtered poll never reads them again.",
  request: { query: changesQuerySchema },
  responses: {
    200: {
      description: 'A page (possibly empty: then poll again later with the same cursor)',
      content: { 'application/json': { schema: changePageSchema } },
    },
    422: {
      description: 'A bad `after`, `contentType` or `limit`',
      content: { 'application/json': { schema: errorBodySchema } },
    },
  },
});

export function changesRoutes(context: ApiContext): Router {
  const router = Router();
  const { changeLog } = context.exports;

  router.get('/changes', requireAccess(context.auth, { ability: 'read' }), async (req, res) => {
    const query = parseOrThrow(changesQuerySchema, req.query);
    const { tenant } = req.principal;
    let cursor = query.after;
    const items = [];
    // With a filter, look further until the page is full or the log is read to its end.
    for (let look = 0; look < MAX_LOOKS; look += 1) {
      const want = query.contentType ? SCAN_LIMIT : query.limit - items.length;
      const changes = await changeLog.readAfter(tenant, cursor, want);
      for (const change of changes) {
        if (items.length === query.limit) break;
        cursor = change.seq;
        if (!query.contentType || change.contentType === query.contentType) {
          items.push(changeView(change));
        }
      }
      if (changes.length < want || items.length === query.limit) break;
    }
    res.json({ items, nextCursor: String(cursor) });
  });

  return router;
}

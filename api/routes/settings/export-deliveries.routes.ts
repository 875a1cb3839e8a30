/**
 * `/settings/exports/{id}/deliveries`: an export's delivery log with every attempt, and sending
 * one again now (docs/export.md#the-delivery-log). Mounted by exports.routes.ts, behind its access check.
 */
import { checkMaySendItems } from '../../http/send-items-access';
import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  deliveryStatusSchema,
  deliveryView,
  deliveryViewSchema,
} from '../../../core/export/delivery/delivery-record';
import type { ApiContext } from '../../context';
import { exportOf, type ExportRequest } from '../../http/export-lookup';
import { HttpError, notFound } from '../../http/http-error';
import { parseOrThrow } from '../../http/validate';
import { errorBodySchema } from '../../openapi/registry';
import { ruleRefusal } from '../../openapi/rule-refusal';
import { registerRoute } from '../../openapi/settings-paths';

const listQuerySchema = z.object({
  status: deliveryStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

const deliveryPageSchema = z
  .object({ items: z.array(deliveryViewSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ExportDeliveryPage' });

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

registerRoute({
  method: 'get',
  path: '/settings/exports/{id}/deliveries',
  tags: ['Exports'],
  access: 'token ability "read", user permission "manage_settings"',
  description:
    "The delivery log, newest first: each delivery with its changes' range and every attempt (time, status, duration, the first KiB of the answer, error). `pending`: not answered yet; `failed`: the last attempt failed and the next waits (`nextAttemptAt`); `succeeded`: answered with a 2xx. A delivery that succeeded is removed `EXPORT_DELIVERY_LOG_DAYS` (default 7) after its success; pending and failed ones stay until they succeed.",
  request: { params: z.object({ id: z.string() }), query: listQuerySchema },
  responses: {
    200: json(deliveryPageSchema, 'A page; pass `nextCursor` as `cursor` for the next'),
    404: json(errorBodySchema, 'No such export in the tenant'),
    422: ruleRefusal(
      json(errorBodySchema, 'A bad `status` or `limit`, or a `cursor` this list did not answer'),
    ),
  },
});

registerRoute({
  method: 'post',
  path: '/settings/exports/{id}/deliveries/{deliveryId}/retry',
  tags: ['Exports'],
  access:
    'token abilities "create" and "read" (a retry sends items), user permission "manage_settings"',
  description:
    'Sends a waiting delivery now instead of at its next retry. A lane still sends in order: a delivery behind another waiting one goes right after it. A delivery that succeeded is not sent again here (409): replay its changes instead.',
  request: { params: z.object({ id: z.string(), deliveryId: z.string() }) },
  responses: {
    202: json(deliveryViewSchema, 'Queued to send now'),
    404: json(errorBodySchema, 'No such export or delivery in the tenant'),
    409: json(errorBodySchema, 'The delivery succeeded already, or the export is not active'),
  },
});

export function exportDeliveriesRoutes(context: ApiContext): Router {
  const router = Router();
  const { deliveries, queue } = context.exports;

  router.get('/settings/exports/:id/deliveries', async (req: ExportRequest, res) => {
    const query = parseOrThrow(listQuerySchema, req.query);
    const exp = await exportOf(context, req);
    const page = await deliveries.list(
      { tenant: exp.tenant, exportId: exp.id },
      {
        status: query.status,
        limit: query.limit,
        after: query.cursor,
      },
    );
    res.json({ items: page.items.map(deliveryView), nextCursor: page.nextCursor });
  });

  router.post(
    '/settings/exports/:id/deliveries/:deliveryId/retry',
    async (req: Request<{ id: string; deliveryId: string }>, res) => {
      checkMaySendItems(req.principal, 'retry a delivery');
      const exp = await exportOf(context, req);
      const delivery = await deliveries.find(exp.tenant, exp.id, req.params.deliveryId);
      if (!delivery) throw notFound('No such delivery');
      if (delivery.status === 'succeeded') {
        throw new HttpError(
          409,
          'The delivery succeeded already; replay its changes to send them again',
        );
      }
      if (exp.state !== 'active') throw new HttpError(409, 'The export is not active');
      const now = await deliveries.sendNow(delivery._id);
      await queue.send(
        { tenant: exp.tenant, exportId: exp.id, lane: delivery.lane },
        { now: true },
      );
      res.status(202).json(deliveryView(now ?? delivery));
    },
  );

  return router;
}

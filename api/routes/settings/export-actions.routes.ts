/**
 * What an operator does with an export beyond its settings: rotate its secret, send a test
 * ping, resync every item, replay from a point (docs/export.md). Mounted by exports.routes.ts, behind its access check.
 */
import { checkMaySendItems } from '../../http/send-items-access';
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { exportView, exportViewSchema, signingSecrets } from '../../../core/export/export-record';
import { seqBefore } from '../../../core/export/dispatch/first-seq-since';
import { generateWebhookSecret } from '../../../core/export/delivery/webhook-secret';
import type { ApiContext } from '../../context';
import { exportOf, type ExportRequest } from '../../http/export-lookup';
import { HttpError, notFound } from '../../http/http-error';
import { parseOrThrow } from '../../http/validate';
import { errorBodySchema } from '../../openapi/registry';
import { registerRoute } from '../../openapi/settings-paths';

const replayBodySchema = z
  .union([
    z.strictObject({ fromSeq: z.int().min(1).max(Number.MAX_SAFE_INTEGER) }),
    z.strictObject({ since: z.iso.datetime({ offset: true }) }),
  ])
  .meta({
    id: 'ExportReplay',
    description: 'Exactly one of `fromSeq` and `since`',
    // Said as exactly one: each branch refuses the other's property.
    oneOf: [{ required: ['fromSeq'] }, { required: ['since'] }],
  });

const pingAnswerSchema = z
  .object({
    ok: z.boolean().describe('The receiver answered with a 2xx'),
    status: z.number().int().nullable(),
    durationMs: z.number(),
    response: z.string().nullable().describe('The first KiB of the answer'),
    error: z.string().nullable().describe('Why no answer came'),
  })
  .meta({ id: 'ExportPing' });

const rotatedSchema = exportViewSchema
  .extend({ secret: z.string().describe('The new secret; shown this once only') })
  .meta({ id: 'RotatedExport' });

const access =
  'token ability "create" (and "read" for a resync or a replay, which send items), user permission "manage_settings"';
const params = z.object({ id: z.string() });
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const noExport = json(errorBodySchema, 'No such export in the tenant');

registerRoute({
  method: 'post',
  path: '/settings/exports/{id}/rotate-secret',
  tags: ['Exports'],
  access,
  description:
    'Makes a new signing secret. The replaced one keeps signing beside it for 24 hours: `webhook-signature` then holds both signatures, so a receiver can switch without downtime.',
  request: { params },
  responses: { 200: json(rotatedSchema, 'The export and its new secret'), 404: noExport },
});
registerRoute({
  method: 'post',
  path: '/settings/exports/{id}/test',
  tags: ['Exports'],
  access,
  description:
    'Sends a signed `{"type":"ping"}` delivery to the receiver now (paused or not) and answers what came back.',
  request: { params },
  responses: { 200: json(pingAnswerSchema, "The receiver's answer"), 404: noExport },
});
registerRoute({
  method: 'post',
  path: '/settings/exports/{id}/resync',
  tags: ['Exports'],
  access,
  description:
    "Delivers every current item of the export's content types once more, as `updated`, in the background; `resync` on the export shows the progress (`itemsTotal` is null until the worker has counted the items). Per-item order holds: a resync never sends an item's version after a newer one.",
  request: { params },
  responses: {
    202: json(exportViewSchema, 'Started'),
    404: noExport,
    409: json(errorBodySchema, 'The export is not active'),
  },
});
registerRoute({
  method: 'post',
  path: '/settings/exports/{id}/replay',
  tags: ['Exports'],
  access,
  description:
    "Sends the changes from `fromSeq` (or those written at or after `since`) up to now again, in the background, as new deliveries; `replay` on the export shows how far it got. A replay re-sends older versions after newer ones on purpose: a receiver keeps an item's highest `version`.",
  request: { params, body: { content: { 'application/json': { schema: replayBodySchema } } } },
  responses: {
    202: json(exportViewSchema, 'Started'),
    404: noExport,
    409: json(errorBodySchema, 'The export is not active'),
    422: json(errorBodySchema, 'Neither `fromSeq` nor `since`, or a bad value'),
  },
});

export function exportActionsRoutes(context: ApiContext): Router {
  const router = Router();
  const { exports, changeLog, queue, client } = context.exports;

  router.post('/settings/exports/:id/rotate-secret', async (req: ExportRequest, res) => {
    await exportOf(context, req);
    const secret = generateWebhookSecret();
    const exp = await exports.rotateSecret(req.principal.tenant, req.params.id, secret);
    if (!exp) throw notFound('No such export');
    res.json({ ...exportView(exp), secret });
  });

  router.post('/settings/exports/:id/test', async (req: ExportRequest, res) => {
    const exp = await exportOf(context, req);
    const attempt = await client.deliver({
      url: exp.url,
      webhookId: `ping_${randomUUID()}`,
      payload: { type: 'ping', exportId: exp.id },
      secrets: signingSecrets(exp),
    });
    res.json({
      ok: attempt.ok,
      status: attempt.status ?? null,
      durationMs: attempt.durationMs,
      response: attempt.responseBody ?? null,
      error: attempt.error ?? null,
    });
  });

  router.post('/settings/exports/:id/resync', async (req: ExportRequest, res) => {
    checkMaySendItems(req.principal, 'resync an export');
    const exp = await exportOf(context, req);
    if (exp.state !== 'active') throw new HttpError(409, 'The export is not active');
    const started = await exports.requestResync(exp.tenant, exp.id);
    if (!started) throw notFound('No such export');
    await queue.dispatch({ tenant: exp.tenant, exportId: exp.id });
    res.status(202).json(exportView(started));
  });

  router.post('/settings/exports/:id/replay', async (req: ExportRequest, res) => {
    checkMaySendItems(req.principal, 'replay an export');
    const body = parseOrThrow(replayBodySchema, req.body);
    const exp = await exportOf(context, req);
    if (exp.state !== 'active') throw new HttpError(409, 'The export is not active');
    const head = await changeLog.head(exp.tenant);
    const from =
      'fromSeq' in body
        ? Math.min(body.fromSeq - 1, head)
        : await seqBefore(changeLog, exp.tenant, new Date(body.since));
    // Up to the export's cursor: what comes after it is delivered by the export anyway.
    const started = await exports.requestReplay(
      exp.tenant,
      exp.id,
      from,
      Math.min(head, exp.cursor),
    );
    if (!started) throw notFound('No such export');
    await queue.dispatch({ tenant: exp.tenant, exportId: exp.id });
    res.status(202).json(exportView(started));
  });

  return router;
}

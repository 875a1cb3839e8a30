/**
 * `/settings/exports`: the tenant's exports (docs/export.md). Needs manage_settings. The signing
 * secret is answered once, at creation (and at a rotation), and never logged. A URL is checked
 * against the target rules when saved; a refusal is a 422 saying why.
 */
import { Router } from 'express';
import { z } from 'zod';
import {
  exportBodySchema,
  exportPatchSchema,
  exportView,
  exportViewSchema,
  type ExportDocument,
  type ExportPatch,
} from '../../../core/export/export-record';
import { checkTargetUrl } from '../../../core/export/targets/target-url';
import { generateWebhookSecret } from '../../../core/export/delivery/webhook-secret';
import type { ApiContext } from '../../context';
import { exportOf, type ExportRequest } from '../../http/export-lookup';
import { notFound } from '../../http/http-error';
import { checkMaySendItems } from '../../http/send-items-access';
import { preconditionFailed, preconditionsOf, sendVersioned } from '../../http/conditional-headers';
import { checkPreconditions } from '../../../core/settings/preconditions';
import { parseSettingsOrThrow, placedProblems, throwIfAny } from '../../http/settings-validation';
import { requireAccessByMethod } from '../../middleware/require-access';
import { registerSettingsPaths } from '../../openapi/settings-paths';
import { exportActionsRoutes } from './export-actions.routes';
import { exportDeliveriesRoutes } from './export-deliveries.routes';

const createdExportSchema = exportViewSchema
  .extend({
    secret: z.string().describe('The signing secret (`whsec_...`); shown this once only'),
  })
  .meta({ id: 'CreatedExport' });

registerSettingsPaths({
  tag: 'Exports',
  base: '/settings/exports',
  idParam: 'id',
  permission: 'manage_settings',
  view: exportViewSchema,
  create: exportBodySchema,
  created: createdExportSchema,
  patch: exportPatchSchema,
  rules: "a URL the operator's target rules refuse, or a content type the tenant lacks",
  grants:
    'The URL must be `https` to a public address unless the operator allows its network (`EXPORT_ALLOWED_NETWORKS`); a refused URL is a 422 whose `errors.url` says why. Every content type must exist. `active: true` re-enables a paused or disabled export: what waited is sent. Creating an export, or changing its `url`, `contentTypes` or `events`, also needs the `read` ability (403 otherwise): an export sends items.',
  deleteMeans: 'Removes the export and its delivery log; nothing more is sent.',
  versioned: true,
});

const versionOf = (exp: ExportDocument) => ({ id: exp.id, revision: exp.revision });

/** 422 naming each problem of the URL and the content types. */
async function checkSettings(
  context: ApiContext,
  tenant: string,
  fields: { url?: string; contentTypes?: string[] },
): Promise<void> {
  const missing: Record<string, string> = {};
  for (const [i, key] of (fields.contentTypes ?? []).entries()) {
    if (!(await context.contentTypes.find(tenant, key))) {
      missing[`contentTypes.${i}`] = `No content type "${key}" in this tenant`;
    }
  }
  // The URL's refusal is the target rules' own reason, which the console says as such.
  const errors: Record<string, string> = placedProblems(missing, fields);
  if (fields.url !== undefined) {
    const { allowed, resolve } = context.exports.targets;
    const checked = await checkTargetUrl(fields.url, { allowed, resolve });
    if (!checked.ok) errors.url = checked.problem;
  }
  throwIfAny(errors);
}

/** Whether the patch changes where the export sends items, or which (read is then needed). */
function changesWhatIsSent(patch: ExportPatch): boolean {
  return patch.url !== undefined || patch.contentTypes !== undefined || patch.events !== undefined;
}

/** Wakes the export's work: a dispatch for new changes, a send per lane for what waited. */
async function wake(context: ApiContext, exp: ExportDocument): Promise<void> {
  if (exp.state !== 'active') return;
  const job = { tenant: exp.tenant, exportId: exp.id };
  await context.exports.queue.dispatch(job);
  await context.exports.queue.sendAllLanes(exp.tenant, exp.id, { now: true });
}

export function exportsRoutes(context: ApiContext): Router {
  const router = Router();
  const { exports, changeLog } = context.exports;
  router.use('/settings/exports', requireAccessByMethod(context.auth, 'manage_settings'));

  router.post('/settings/exports', async (req, res) => {
    checkMaySendItems(req.principal, 'create an export');
    const body = parseSettingsOrThrow(exportBodySchema, req.body);
    const { tenant } = req.principal;
    await checkSettings(context, tenant, body);
    const secret = generateWebhookSecret();
    const exp = await exports.create(tenant, body, secret, await changeLog.head(tenant));
    // Its dispatch looks again once the workers list it (core/export/wake-ups/look-once-listed.ts):
    // what is written before then wakes none.
    await wake(context, exp);
    sendVersioned(res, versionOf(exp), { ...exportView(exp), secret }, 201);
  });

  router.get('/settings/exports', async (req, res) => {
    const found = await exports.list(req.principal.tenant);
    res.json({ items: found.map((exp) => exportView(exp)), nextCursor: null });
  });

  router.get('/settings/exports/:id', async (req: ExportRequest, res) => {
    const exp = await exportOf(context, req);
    sendVersioned(res, versionOf(exp), exportView(exp));
  });

  router.patch('/settings/exports/:id', async (req: ExportRequest, res) => {
    const preconditions = preconditionsOf(req);
    const patch = parseSettingsOrThrow(exportPatchSchema, req.body);
    if (changesWhatIsSent(patch)) {
      checkMaySendItems(req.principal, "change an export's url, content types or events");
    }
    const stored = await exportOf(context, req);
    const refuse = async (reason: string) => {
      const now = await exports.find(req.principal.tenant, req.params.id);
      return preconditionFailed(reason, now && { version: versionOf(now), view: exportView(now) });
    };
    const outcome = checkPreconditions(preconditions, versionOf(stored));
    if (!outcome.ok) throw await refuse(outcome.reason);
    await checkSettings(context, req.principal.tenant, patch);
    const guarded = preconditions.ifMatch ? stored.revision : undefined;
    const exp = await exports.update(req.principal.tenant, req.params.id, patch, guarded);
    if (!exp) throw await refuse('It was changed meanwhile');
    if (patch.active === true) await wake(context, exp);
    sendVersioned(res, versionOf(exp), exportView(exp));
  });

  router.delete('/settings/exports/:id', async (req: ExportRequest, res) => {
    if (!(await exports.delete(req.principal.tenant, req.params.id))) {
      throw notFound('No such export');
    }
    res.status(204).end();
  });

  router.use(exportActionsRoutes(context));
  router.use(exportDeliveriesRoutes(context));
  return router;
}

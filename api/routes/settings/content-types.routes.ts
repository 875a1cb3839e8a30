/**
 * `/settings/content-types`: the tenant's content types (docs/settings.md#content-types). Needs
 * manage_settings.
 * A content type may not be deleted, or changed so that a funnel's mapping loses its target,
 * while something still uses it: funnels and items would be left pointing at nothing.
 */
import { Router } from 'express';
import { z } from 'zod';
import { ABILITY_BY_METHOD } from '../../../core/auth/access';
import { contentTypeKeySchema } from '../../../core/keys/keys';
import {
  contentTypeBodySchema,
  contentTypeSchema,
  type ContentType,
  type ContentTypeBody,
} from '../../../core/pipeline/content-type';
import { mappingProblems } from '../../../core/pipeline/funnel';
import type { ApiContext } from '../../context';
import { HttpError, notFound } from '../../http/http-error';
import { invalid, parseOrThrow } from '../../http/validate';
import { requireAccessByMethod } from '../../middleware/require-access';
import { errorBodySchema } from '../../openapi/registry';
import { registerRoute, registerSettingsPaths } from '../../openapi/settings-paths';

const contentTypeViewSchema = contentTypeSchema
  .extend({ createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'ContentType' });

const inUseSchema = errorBodySchema
  .extend({ funnels: z.array(z.string()), contentTypes: z.array(z.string()) })
  .meta({ id: 'ContentTypeInUse' });

const keyParamsSchema = z.object({ key: contentTypeKeySchema });

registerSettingsPaths({
  tag: 'Content types',
  base: '/settings/content-types',
  idParam: 'key',
  permission: 'manage_settings',
  view: contentTypeViewSchema,
  only: ['list', 'get'],
});

const access = (method: string) =>
  `token ability "${ABILITY_BY_METHOD[method]}", user permission "manage_settings"`;
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

registerRoute({
  method: 'put',
  path: '/settings/content-types/{key}',
  tags: ['Content types'],
  access: access('PUT'),
  description:
    'Creates the content type, or replaces it. Refused with 409 when the new definition drops ' +
    'a system field or property that a funnel maps.',
  request: {
    params: keyParamsSchema,
    body: { content: { 'application/json': { schema: contentTypeBodySchema } } },
  },
  responses: {
    200: json(contentTypeViewSchema, 'Replaced'),
    201: json(contentTypeViewSchema, 'Created'),
    409: json(inUseSchema, 'Funnels map fields the new definition lacks'),
    422: json(errorBodySchema, 'Bad key or body, or a reference to a missing content type'),
  },
});

registerRoute({
  method: 'delete',
  path: '/settings/content-types/{key}',
  tags: ['Content types'],
  access: access('DELETE'),
  description: 'Refused with 409 while funnels or reference properties use the content type.',
  request: { params: keyParamsSchema },
  responses: {
    204: { description: 'Deleted' },
    404: json(errorBodySchema, 'Not found in the tenant'),
    409: json(inUseSchema, 'Still used by funnels or content types'),
  },
});

function contentTypeView(contentType: ContentType): z.infer<typeof contentTypeViewSchema> {
  return {
    ...contentType,
    createdAt: contentType.createdAt.toISOString(),
    updatedAt: contentType.updatedAt.toISOString(),
  };
}

/** 409 naming what still depends on the content type, so the caller knows what to change. */
function inUse(key: string, funnels: string[], contentTypes: string[], why: string): HttpError {
  const users = [
    ...funnels.map((url) => `funnel "${url}"`),
    ...contentTypes.map((other) => `content type "${other}"`),
  ];
  const message = `Content type "${key}" ${why}: ${users.join(', ')}`;
  return new HttpError(409, message, {}, { funnels, contentTypes });
}

/** Reference properties must name a content type of the tenant; the one saved may name itself. */
async function missingReferences(
  context: ApiContext,
  tenant: string,
  key: string,
  body: ContentTypeBody,
): Promise<Record<string, string>> {
  const references = body.properties.flatMap((property, index) =>
    property.type === 'reference' && property.contentType !== key
      ? [{ index, contentType: property.contentType }]
      : [],
  );
  const keys = references.map((reference) => reference.contentType);
  const existing = new Set((await context.contentTypes.findMany(tenant, keys)).map((ct) => ct.key));
  const errors: Record<string, string> = {};
  for (const { index, contentType } of references) {
    if (!existing.has(contentType))
      errors[`properties.${index}.contentType`] = `No content type "${contentType}" in this tenant`;
  }
  return errors;
}

/** Endpoint URLs of the funnels whose mappings the new definition would leave without a target. */
async function funnelsBrokenBy(
  context: ApiContext,
  tenant: string,
  candidate: ContentType,
): Promise<string[]> {
  const funnels = await context.funnels.usingContentType(tenant, candidate.key);
  return funnels
    .filter((funnel) => Object.keys(mappingProblems(funnel.mappings, candidate)).length > 0)
    .map((funnel) => funnel.endpointUrl)
    .sort();
}

export function contentTypeSettingsRoutes(context: ApiContext): Router {
  const router = Router();
  router.use('/settings/content-types', requireAccessByMethod(context.auth, 'manage_settings'));

  router.put('/settings/content-types/:key', async (req, res) => {
    const { key } = parseOrThrow(keyParamsSchema, req.params);
    const body = parseOrThrow(contentTypeBodySchema, req.body);
    const { tenant } = req.principal;
    const missing = await missingReferences(context, tenant, key, body);
    if (Object.keys(missing).length > 0) throw invalid(missing);
    const now = new Date();
    const broken = await funnelsBrokenBy(context, tenant, {
      key,
      ...body,
      createdAt: now,
      updatedAt: now,
    });
    if (broken.length > 0) throw inUse(key, broken, [], 'would no longer fit the mappings of');
    const { contentType, created } = await context.contentTypes.put(tenant, key, body);
    res.status(created ? 201 : 200).json(contentTypeView(contentType));
  });

  router.get('/settings/content-types', async (req, res) => {
    const contentTypes = await context.contentTypes.list(req.principal.tenant);
    res.json({ items: contentTypes.map(contentTypeView), nextCursor: null });
  });

  router.get('/settings/content-types/:key', async (req, res) => {
    const contentType = await context.contentTypes.find(req.principal.tenant, req.params.key);
    if (!contentType) throw notFound('No such content type');
    res.json(contentTypeView(contentType));
  });

  router.delete('/settings/content-types/:key', async (req, res) => {
    const { tenant } = req.principal;
    const { key } = req.params;
    if (!(await context.contentTypes.find(tenant, key))) throw notFound('No such content type');
    const funnels = await context.funnels.usingContentType(tenant, key);
    const referrers = (await context.contentTypes.list(tenant)).filter(
      (other) =>
        other.key !== key &&
        other.properties.some(
          (property) => property.type === 'reference' && property.contentType === key,
        ),
    );
    if (funnels.length > 0 || referrers.length > 0) {
      const urls = funnels.map((funnel) => funnel.endpointUrl).sort();
      throw inUse(
        key,
        urls,
        referrers.map((other) => other.key),
        'is still used by',
      );
    }
    await context.contentTypes.remove(tenant, key);
    res.status(204).end();
  });

  return router;
}

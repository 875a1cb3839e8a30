/**
 * `/settings/content-types`: the tenant's content types (docs/settings.md#content-types). Needs
 * manage_settings.
 * A content type may not be deleted, or changed so that a funnel's mapping loses its target,
 * while something still uses it: funnels and items would be left pointing at nothing. A POST
 * creates one and never replaces one; a PUT honours `If-Match` and `If-None-Match`
 * (docs/settings.md#versions).
 */
import { Router, type Response } from 'express';
import { z } from 'zod';
import { ABILITY_BY_METHOD } from '../../../core/auth/access';
import { contentTypeKeySchema } from '../../../core/domain/names';
import {
  contentTypeBodySchema,
  contentTypeSchema,
  type ContentType,
  type ContentTypeBody,
} from '../../../core/domain/content-type';
import { mappingProblems } from '../../../core/domain/funnel';
import type { ApiContext } from '../../context';
import { HttpError, notFound } from '../../http/http-error';
import { preconditionFailed, preconditionsOf, sendVersioned } from '../../http/conditional-headers';
import { checkPreconditions } from '../../../core/settings/preconditions';
import type { SettingsChecks } from '../../../core/settings/settings-turn';
import { DuplicateError } from '../../../core/mongo/duplicate-key';
import { parseOrThrow } from '../../http/validate';
import {
  allProblems,
  placedProblems,
  schemaProblems,
  throwIfAny,
  type FieldProblems,
} from '../../http/settings-validation';
import { requireAccessByMethod } from '../../middleware/require-access';
import { errorBodySchema } from '../../openapi/registry';
import { ruleRefusal } from '../../openapi/rule-refusal';
import {
  conditionalHeaders,
  preconditionFailedSchema,
  registerRoute,
  registerSettingsPaths,
} from '../../openapi/settings-paths';

const contentTypeViewSchema = contentTypeSchema
  .extend({ createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'ContentType' });

const inUseSchema = errorBodySchema
  .extend({ funnels: z.array(z.string()), contentTypes: z.array(z.string()) })
  .meta({ id: 'ContentTypeInUse' });

const keyParamsSchema = z.object({ key: contentTypeKeySchema });

/** The body of a PUT with the key beside its fields, as the POST route reads it. */
const createSchema = z
  .strictObject({ key: contentTypeKeySchema, ...contentTypeBodySchema.shape })
  .meta({ id: 'ContentTypeCreate' });

registerSettingsPaths({
  tag: 'Content types',
  base: '/settings/content-types',
  idParam: 'key',
  idSchema: contentTypeKeySchema,
  permission: 'manage_settings',
  view: contentTypeViewSchema,
  only: ['list', 'get'],
  versioned: true,
});

/** What the schema cannot say: a rule across properties, and a reference to another content type. */
const PROPERTY_RULES =
  'Property keys are unique within the content type (a second one is a 422 naming it), and a ' +
  '`reference` property names a content type of the tenant, or this one (otherwise a 422).';

const access = (method: string) =>
  `token ability "${ABILITY_BY_METHOD[method]}", user permission "manage_settings"`;
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const invalidDefinition = ruleRefusal(
  json(
    errorBodySchema,
    'Bad key or body, a property key used twice, or a reference to a missing content type',
  ),
);

registerRoute({
  method: 'post',
  path: '/settings/content-types',
  tags: ['Content types'],
  access: access('POST'),
  description:
    'Creates the content type; one with that key is never replaced (409). ' + PROPERTY_RULES,
  request: { body: { content: { 'application/json': { schema: createSchema } } } },
  responses: {
    201: json(contentTypeViewSchema, 'Created'),
    409: json(errorBodySchema, 'A content type with that key exists already'),
    422: invalidDefinition,
  },
});

registerRoute({
  method: 'put',
  path: '/settings/content-types/{key}',
  tags: ['Content types'],
  access: access('PUT'),
  description:
    'Creates the content type, or replaces it. Refused with 409 when the new definition drops ' +
    'a system field or property that a funnel maps. With `If-Match` (the ETag of a GET) it ' +
    'replaces only that version; with `If-None-Match: *` it only creates. Otherwise 412, with ' +
    'the content type as it is now. ' +
    PROPERTY_RULES,
  request: {
    params: keyParamsSchema,
    headers: conditionalHeaders,
    body: { content: { 'application/json': { schema: contentTypeBodySchema } } },
  },
  responses: {
    200: json(contentTypeViewSchema, 'Replaced'),
    201: json(contentTypeViewSchema, 'Created'),
    409: json(inUseSchema, 'Funnels map fields the new definition lacks'),
    412: json(preconditionFailedSchema(contentTypeViewSchema), 'Another version than asked'),
    422: invalidDefinition,
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

const versionOf = (contentType: ContentType) => ({
  id: contentType.key,
  revision: contentType.revision,
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

/** The reference properties of a body as sent, whatever the form of its other fields. */
function referencesIn(raw: unknown, key: string): { index: number; contentType: string }[] {
  const properties = (raw as { properties?: unknown } | null)?.properties;
  if (!Array.isArray(properties)) return [];
  return properties.flatMap((property: unknown, index) => {
    const { type, contentType } = (property ?? {}) as Record<string, unknown>;
    const named = contentTypeKeySchema.safeParse(contentType);
    return type === 'reference' && named.success && named.data !== key
      ? [{ index, contentType: named.data }]
      : [];
  });
}

/**
 * Reference properties must name a content type of the tenant; the one saved may name itself.
 * Read from the body as sent, so that they are said together with any other problem.
 */
async function missingReferences(
  context: ApiContext,
  tenant: string,
  key: string,
  raw: unknown,
): Promise<Record<string, string>> {
  const references = referencesIn(raw, key);
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

  /**
   * The body checked against the tenant's other content types and the funnels that use it;
   * every problem of its fields (with `earlier` ones, such as its key's) in one 422.
   */
  const checked = async (
    tenant: string,
    key: string,
    raw: unknown,
    earlier: FieldProblems = {},
  ): Promise<ContentTypeBody> => {
    const { data, problems } = schemaProblems(contentTypeBodySchema, raw);
    const missing = placedProblems(await missingReferences(context, tenant, key, raw), raw);
    throwIfAny(allProblems(earlier, problems, missing));
    const body = data as ContentTypeBody;
    const now = new Date();
    const candidate = { key, ...body, revision: 1, createdAt: now, updatedAt: now };
    const broken = await funnelsBrokenBy(context, tenant, candidate);
    if (broken.length > 0) throw inUse(key, broken, [], 'would no longer fit the mappings of');
    return body;
  };

  /**
   * The checks again, in the write's turn (core/settings/settings-turn.ts): what they read may
   * have changed since the body was first checked.
   */
  const stillChecked =
    (tenant: string, key: string, body: ContentTypeBody): SettingsChecks =>
    async () => {
      await checked(tenant, key, body);
    };

  const created = (res: Response, contentType: ContentType) => {
    sendVersioned(res, versionOf(contentType), contentTypeView(contentType), 201);
  };

  router.post('/settings/content-types', async (req, res) => {
    const named = schemaProblems(z.object({ key: contentTypeKeySchema }).loose(), req.body);
    const key = named.data?.key ?? '';
    const { key: _key, ...rest } = (req.body ?? {}) as Record<string, unknown>;
    const { tenant } = req.principal;
    const body = await checked(tenant, key, rest, named.problems);
    try {
      created(
        res,
        await context.contentTypes.create(tenant, key, body, stillChecked(tenant, key, body)),
      );
    } catch (error) {
      if (!(error instanceof DuplicateError)) throw error;
      throw new HttpError(409, error.message, {}, { errors: { key: error.message } });
    }
  });

  router.put('/settings/content-types/:key', async (req, res) => {
    const { key } = parseOrThrow(keyParamsSchema, req.params);
    const preconditions = preconditionsOf(req);
    const { tenant } = req.principal;
    const body = await checked(tenant, key, req.body);
    const refuse = async (reason: string) => {
      const now = await context.contentTypes.find(tenant, key);
      const current = now && { version: versionOf(now), view: contentTypeView(now) };
      return preconditionFailed(reason, current);
    };
    const current = await context.contentTypes.find(tenant, key);
    const outcome = checkPreconditions(preconditions, current && versionOf(current));
    if (!outcome.ok) throw await refuse(outcome.reason);
    if (!current) {
      try {
        const checks = stillChecked(tenant, key, body);
        return created(res, await context.contentTypes.create(tenant, key, body, checks));
      } catch (error) {
        // Another request created it meanwhile: that one stands.
        if (!(error instanceof DuplicateError)) throw error;
        throw await refuse('It was created meanwhile');
      }
    }
    const guarded = preconditions.ifMatch ? current.revision : undefined;
    const replaced = await context.contentTypes.replace(
      tenant,
      key,
      body,
      guarded,
      stillChecked(tenant, key, body),
    );
    if (!replaced) throw await refuse('It was changed meanwhile');
    sendVersioned(res, versionOf(replaced), contentTypeView(replaced));
  });

  router.get('/settings/content-types', async (req, res) => {
    const contentTypes = await context.contentTypes.list(req.principal.tenant);
    res.json({ items: contentTypes.map(contentTypeView), nextCursor: null });
  });

  router.get('/settings/content-types/:key', async (req, res) => {
    const contentType = await context.contentTypes.find(req.principal.tenant, req.params.key);
    if (!contentType) throw notFound('No such content type');
    sendVersioned(res, versionOf(contentType), contentTypeView(contentType));
  });

  router.delete('/settings/content-types/:key', async (req, res) => {
    const { tenant } = req.principal;
    const { key } = req.params;
    if (!(await context.contentTypes.find(tenant, key))) throw notFound('No such content type');
    // In the deletion's turn: no funnel or content type starts to use it before it is gone.
    const unused = async () => {
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
    };
    if (!(await context.contentTypes.remove(tenant, key, unused))) {
      throw notFound('No such content type');
    }
    res.status(204).end();
  });

  return router;
}

/**
 * `/settings/funnels`: the tenant's funnels (docs/settings.md#funnels). Needs manage_funnels. Every
 * write is checked as a whole against its content type, so a stored funnel always names targets
 * that exist. A PUT or a PATCH honours `If-Match` (docs/settings.md#versions).
 */
import { Router, type Response } from 'express';
import { z } from 'zod';
import { ABILITY_BY_METHOD } from '../../../core/auth/access';
import { contentTypeKeySchema, endpointUrlSchema } from '../../../core/domain/names';
import { DuplicateError } from '../../../core/mongo/duplicate-key';
import {
  funnelBodySchema,
  funnelPatchSchema,
  funnelSchema,
  mappingProblems,
  mappingSchema,
  type Funnel,
  type FunnelBody,
} from '../../../core/domain/funnel';
import { suggestedPathSchema, withSuggestions } from '../../../core/settings/path-suggestions';
import {
  MAX_PATH_KEYS,
  MAX_SAMPLE_BYTES,
  MAX_SAMPLE_PATHS,
  requestDataSchema,
  requestPaths,
} from '../../../core/settings/request-paths';
import type { ApiContext } from '../../context';
import { HttpError, notFound } from '../../http/http-error';
import { preconditionFailed, preconditionsOf, sendVersioned } from '../../http/conditional-headers';
import { checkPreconditions, type Preconditions } from '../../../core/settings/preconditions';
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
  ETAG_HEADER,
  preconditionFailedSchema,
  registerRoute,
  registerSettingsPaths,
} from '../../openapi/settings-paths';

/** The shared schemas take any `requestData`; a sample must have the shape of a POST body. */
const bodySchema = funnelBodySchema.extend({ requestData: requestDataSchema.optional() });
const patchSchema = funnelPatchSchema.extend({ requestData: requestDataSchema.optional() });

const funnelViewSchema = funnelSchema
  .extend({ requestData: z.unknown().optional(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'Funnel' });

const params = z.object({ endpointUrl: endpointUrlSchema });

registerSettingsPaths({
  tag: 'Funnels',
  base: '/settings/funnels',
  idParam: 'endpointUrl',
  idSchema: endpointUrlSchema,
  permission: 'manage_funnels',
  view: funnelViewSchema,
  only: ['list', 'get', 'delete'],
  versioned: true,
});

const access = (method: string) =>
  `token ability "${ABILITY_BY_METHOD[method]}", user permission "manage_funnels"`;
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const badBody = ruleRefusal(
  json(
    errorBodySchema,
    'Bad body, a content type the tenant lacks, a mapping whose target is unknown or mapped ' +
      'twice, or a transform that is not valid (`errors` names it, as `mappings.1.transforms.0.op`)',
  ),
);
const taken = json(errorBodySchema, 'The endpoint URL is already used in the tenant');
const absent = json(errorBodySchema, 'Not found in the tenant');
const stale = json(preconditionFailedSchema(funnelViewSchema), 'Another version than `If-Match`');
const changed = (description: string) => ({
  ...json(funnelViewSchema, description),
  headers: ETAG_HEADER,
});
const writeBody = (schema: z.ZodType) => ({
  content: { 'application/json': { schema } },
});

registerRoute({
  method: 'post',
  path: '/settings/funnels',
  tags: ['Funnels'],
  access: access('POST'),
  request: { body: writeBody(bodySchema) },
  responses: { 201: changed('Created'), 409: taken, 422: badBody },
});
registerRoute({
  method: 'put',
  path: '/settings/funnels/{endpointUrl}',
  tags: ['Funnels'],
  access: access('PUT'),
  description:
    'Replaces the funnel. `endpointUrl` defaults to the one in the path; another one renames ' +
    'it (its history goes with it; senders of the old URL get 404). With `If-Match` (the ETag ' +
    'of a GET) it replaces only that version.',
  request: {
    params,
    headers: conditionalHeaders,
    body: writeBody(bodySchema.partial({ endpointUrl: true })),
  },
  responses: {
    200: changed('Replaced'),
    404: absent,
    409: taken,
    412: stale,
    422: badBody,
  },
});
registerRoute({
  method: 'patch',
  path: '/settings/funnels/{endpointUrl}',
  tags: ['Funnels'],
  access: access('PATCH'),
  description:
    'Sets the fields given; the result is checked as a whole, as a PUT would be. With ' +
    '`If-Match` (the ETag of a GET) it changes only that version.',
  request: { params, headers: conditionalHeaders, body: writeBody(patchSchema) },
  responses: {
    200: changed('Changed'),
    404: absent,
    409: taken,
    412: stale,
    422: badBody,
  },
});
registerRoute({
  method: 'get',
  path: '/settings/funnels/{endpointUrl}/paths',
  tags: ['Funnels'],
  access: access('GET'),
  description:
    'The source paths of `requestData` with their JSON types. The elements of an array of ' +
    'objects are listed below the array without an index (`categories.name`), as mappings map ' +
    'over them; a list of items is read as one item with the keys of all.\n\n' +
    'Each path has `suggestions`: up to 3 system fields or properties of the content type ' +
    'whose names are most like it, best first, each with the `target` to put in a mapping, ' +
    'its label and a `score` from 0.6 to 1. Names are compared as words (split at `_ - .` ' +
    'spaces and camelCase, case and a plural s ignored) by word overlap and by spelling ' +
    '(edit distance), a path by its last key and, for slightly less, as a whole; system ' +
    'fields also answer to usual names (`sku`, `id` and `code` for the identifier, `title` ' +
    'for the name, `img` and `picture` for the image). Object paths get none.\n\n' +
    `A sample has at most ${MAX_SAMPLE_PATHS} distinct paths of at most ${MAX_PATH_KEYS} keys ` +
    `and ${MAX_SAMPLE_BYTES} bytes of JSON (saving a larger one is a 422); one saved before ` +
    'these limits is listed up to them.',
  request: { params },
  responses: {
    200: json(
      z.object({ items: z.array(suggestedPathSchema), nextCursor: z.string().nullable() }),
      'The paths, depth first in the order of the sample',
    ),
    404: absent,
  },
});

const versionOf = (funnel: Funnel) => ({ id: funnel.id, revision: funnel.revision });

function funnelView(funnel: Funnel): z.infer<typeof funnelViewSchema> {
  const { requestData, createdAt, updatedAt, ...rest } = funnel;
  return {
    ...rest,
    ...(requestData == null ? {} : { requestData }),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** The stored funnel as a body again, for a PATCH to be laid over. */
function asBody(funnel: Funnel): Record<string, unknown> {
  const {
    id: _id,
    revision: _revision,
    createdAt: _c,
    updatedAt: _u,
    requestData,
    ...rest
  } = funnel;
  return requestData == null ? rest : { ...rest, requestData };
}

/**
 * The content type must exist in the tenant and have every mapped target, each mapped once.
 * Read from the body as sent, so that mappings whose own form is sound are checked even when
 * other fields are refused: a person learns every problem from one save.
 */
async function contentTypeRules(
  context: ApiContext,
  tenant: string,
  raw: unknown,
): Promise<FieldProblems> {
  const body = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const key = contentTypeKeySchema.safeParse(body.contentType);
  if (!key.success) return {};
  const contentType = await context.contentTypes.find(tenant, key.data);
  if (!contentType) return { contentType: `No content type "${key.data}" in this tenant` };
  const mappings = Array.isArray(body.mappings)
    ? body.mappings.map((mapping) => mappingSchema.safeParse(mapping).data)
    : [];
  return mappingProblems(mappings, contentType);
}

/** A 422 with every problem of the funnel: those of its form, then those of its mappings. */
async function throwFunnelProblems(
  context: ApiContext,
  tenant: string,
  raw: unknown,
  formProblems: FieldProblems,
): Promise<void> {
  const rules = placedProblems(await contentTypeRules(context, tenant, raw), raw);
  throwIfAny(allProblems(formProblems, rules));
}

/** The funnel body, or a 422 with every problem in it. */
async function parseFunnel<S extends typeof bodySchema | typeof patchSchema>(
  context: ApiContext,
  tenant: string,
  schema: S,
  raw: unknown,
): Promise<z.output<S>> {
  const { data, problems } = schemaProblems(schema, raw);
  if (Object.keys(problems).length === 0) return data as z.output<S>;
  await throwFunnelProblems(context, tenant, raw, problems);
  throw new Error('A refused funnel body must have a problem');
}

/** Run in the write's turn (core/settings/settings-turn.ts): its content type stays as read. */
const checkMappings = (context: ApiContext, tenant: string, body: FunnelBody) =>
  throwFunnelProblems(context, tenant, body, {});

function conflictOnDuplicate(error: unknown): never {
  if (error instanceof DuplicateError) {
    throw new HttpError(409, error.message, {}, { errors: { [error.field]: error.message } });
  }
  throw error;
}

export function funnelSettingsRoutes(context: ApiContext): Router {
  const router = Router();
  router.use('/settings/funnels', requireAccessByMethod(context.auth, 'manage_funnels'));

  const findOrThrow = async (tenant: string, endpointUrl: string) => {
    const funnel = await context.funnels.find(tenant, endpointUrl);
    if (!funnel) throw notFound('No such funnel');
    return funnel;
  };

  /** 412 with the funnel as it is now (or null when it is gone). */
  const refuse = async (tenant: string, endpointUrl: string, reason: string) => {
    const now = await context.funnels.find(tenant, endpointUrl);
    return preconditionFailed(reason, now && { version: versionOf(now), view: funnelView(now) });
  };

  /**
   * Checks and stores a whole funnel in place of `stored`, under the request's preconditions;
   * answers it with its new ETag.
   */
  const replace = async (
    res: Response,
    tenant: string,
    stored: Funnel,
    body: FunnelBody,
    preconditions: Preconditions,
  ) => {
    const outcome = checkPreconditions(preconditions, versionOf(stored));
    if (!outcome.ok) throw await refuse(tenant, stored.endpointUrl, outcome.reason);
    const guarded = preconditions.ifMatch ? stored.revision : undefined;
    const funnel = await context.funnels
      .replace(tenant, stored.endpointUrl, body, guarded, () =>
        checkMappings(context, tenant, body),
      )
      .catch(conflictOnDuplicate);
    if (!funnel) throw await refuse(tenant, stored.endpointUrl, 'It was changed meanwhile');
    sendVersioned(res, versionOf(funnel), funnelView(funnel));
  };

  router.post('/settings/funnels', async (req, res) => {
    const { tenant } = req.principal;
    const body = await parseFunnel(context, tenant, bodySchema, req.body);
    const funnel = await context.funnels
      .create(tenant, body, () => checkMappings(context, tenant, body))
      .catch(conflictOnDuplicate);
    sendVersioned(res, versionOf(funnel), funnelView(funnel), 201);
  });

  router.get('/settings/funnels', async (req, res) => {
    const funnels = await context.funnels.list(req.principal.tenant);
    res.json({ items: funnels.map(funnelView), nextCursor: null });
  });

  router.get('/settings/funnels/:endpointUrl', async (req, res) => {
    const funnel = await findOrThrow(req.principal.tenant, req.params.endpointUrl);
    sendVersioned(res, versionOf(funnel), funnelView(funnel));
  });

  router.get('/settings/funnels/:endpointUrl/paths', async (req, res) => {
    const { tenant } = req.principal;
    const funnel = await findOrThrow(tenant, req.params.endpointUrl);
    const contentType = await context.contentTypes.find(tenant, funnel.contentType);
    const paths = withSuggestions(requestPaths(funnel.requestData), contentType ?? undefined);
    res.json({ items: paths, nextCursor: null });
  });

  router.put('/settings/funnels/:endpointUrl', async (req, res) => {
    const { endpointUrl } = req.params;
    const raw: unknown = req.body;
    // Left out, the endpoint URL is the one the funnel is addressed by: no rename.
    const withUrl =
      typeof raw === 'object' && raw !== null && !Array.isArray(raw) && !('endpointUrl' in raw)
        ? { ...raw, endpointUrl }
        : raw;
    const preconditions = preconditionsOf(req);
    const { tenant } = req.principal;
    const body = await parseFunnel(context, tenant, bodySchema, withUrl);
    const stored = await findOrThrow(tenant, endpointUrl);
    await replace(res, tenant, stored, body, preconditions);
  });

  router.patch('/settings/funnels/:endpointUrl', async (req, res) => {
    const preconditions = preconditionsOf(req);
    const { tenant } = req.principal;
    const patch = await parseFunnel(context, tenant, patchSchema, req.body);
    // Only the fields sent: the patch schema's defaults must not reset the others.
    const sent = Object.entries(patch).filter(([field]) =>
      Object.hasOwn(req.body as object, field),
    );
    const stored = await findOrThrow(tenant, req.params.endpointUrl);
    const merged = { ...asBody(stored), ...Object.fromEntries(sent) };
    const body = await parseFunnel(context, tenant, bodySchema, merged);
    await replace(res, tenant, stored, body, preconditions);
  });

  router.delete('/settings/funnels/:endpointUrl', async (req, res) => {
    if (!(await context.funnels.remove(req.principal.tenant, req.params.endpointUrl)))
      throw notFound('No such funnel');
    res.status(204).end();
  });

  return router;
}

/**
 * Registers the usual paths of a settings resource (create, list, get, replace, patch, delete)
 * in the OpenAPI registry, with the access each needs and the errors each may answer.
 */
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ABILITY_BY_METHOD, type Permission } from '../../core/auth/access';
import { ENTITY_TAG_LIST_PATTERN } from './patterns';
import { bearerAuth, errorBodySchema, registry } from './registry';
import { ruleRefusal, STATE_STATUSES } from './rule-refusal';

type Operation = 'create' | 'list' | 'get' | 'put' | 'patch' | 'delete';

export interface SettingsPathsSpec {
  tag: string;
  base: string;
  idParam: string;
  /** What the API takes as the id in the path; any string when left out. */
  idSchema?: z.ZodType<string>;
  permission: Permission;
  view: z.ZodType;
  create?: z.ZodType;
  created?: z.ZodType;
  patch?: z.ZodType;
  deleteMeans?: string;
  /** What a create or a patch may not grant (answered 403), said on those operations. */
  grants?: string;
  /**
   * What a well-formed create or patch body may still be refused for (422): the lookups and
   * rules its schema cannot state.
   */
  rules?: string;
  /** What a create answers when a unique field is taken. */
  conflict?: string;
  /** When a patch or a delete is refused with 409, by operation. */
  refusals?: Partial<Record<'patch' | 'delete', string>>;
  only?: Operation[];
  /** Has a version (docs/settings.md#versions): an ETag on reads, `If-Match` on changes. */
  versioned?: boolean;
}

/** The conditions a write of a versioned resource may carry (docs/settings.md#versions). */
export const conditionalHeaders = z.object({
  'if-match': z
    .string()
    .regex(new RegExp(ENTITY_TAG_LIST_PATTERN))
    .optional()
    .describe(
      'Writes only while the resource is at this version: the ETag a read answered (`*`, or ' +
        'a comma-separated list of entity tags; another form is a 400)',
    ),
  'if-none-match': z
    .string()
    .regex(new RegExp(ENTITY_TAG_LIST_PATTERN))
    .optional()
    .describe('`*`: writes only if the resource does not exist yet (another form is a 400)'),
});

/** 412: the write was made against another version; the resource as it is now. */
export const preconditionFailedSchema = (view: z.ZodType) =>
  errorBodySchema.extend({ current: view.nullable() });

/** The ETag header of an answer with a versioned resource. */
export const ETAG_HEADER = {
  ETag: {
    description:
      'The version of the resource and a digest of this body: for `If-Match` (which compares the version) and `If-None-Match` (304 while the body is the same)',
    schema: { type: 'string' },
  },
} as const;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBodySchema } },
});

const AUTH_ERRORS = {
  401: errorResponse('Missing, malformed, badly signed, expired or revoked token'),
  403: errorResponse('The token lacks the ability, or its user the permission'),
};

/** What any operation with a JSON body may answer before its own checks, beside its 400. */
const BODY_ERRORS = {
  413: errorResponse('The body is too large'),
  415: errorResponse('The body is not `application/json`'),
};

/** The 400 of an operation: the path, and the body and conditions when it takes them. */
function malformed(request: RouteConfig['request']) {
  const causes = [
    request?.body && 'the body is not valid JSON',
    request?.headers === conditionalHeaders &&
      'an `If-Match` or `If-None-Match` is not `*` or a list of entity tags (`errors` names it)',
    'the path is not valid percent-encoding',
  ].filter(Boolean);
  const text = causes.join(', or ');
  return { 400: errorResponse(text.charAt(0).toUpperCase() + text.slice(1)) };
}

/** What any operation that reads or writes the store may answer while an engine is away. */
const ENGINE_ERRORS = {
  503: {
    ...errorResponse('Redis or MongoDB does not answer; nothing was half-written, try again'),
    headers: {
      'Retry-After': { description: 'Seconds to wait', schema: { type: 'string' as const } },
    },
  },
};

/**
 * What every read (GET) may answer: its caller's read limit is spent
 * (docs/api-behaviour.md#rate-limits).
 */
const READ_LIMIT_ERRORS = {
  429: {
    ...errorResponse(
      "Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console)",
    ),
    headers: {
      'Retry-After': { description: 'Seconds to wait', schema: { type: 'string' as const } },
    },
  },
};

/**
 * Registers one path with the security, access note and error answers every API route has. A
 * request body is required unless the route says otherwise: every route that takes one refuses
 * a request without it.
 */
export function registerRoute(
  route: Omit<RouteConfig, 'security' | 'responses'> & {
    responses: RouteConfig['responses'];
    access: string;
  },
): void {
  const { access, request, ...rest } = route;
  const body = request?.body && { required: true, ...request.body };
  const responses: RouteConfig['responses'] = { ...route.responses };
  for (const status of STATE_STATUSES) {
    const response = responses[status];
    if (response) responses[status] = ruleRefusal(response);
  }
  registry.registerPath({
    ...rest,
    ...(request ? { request: { ...request, ...(body ? { body } : {}) } } : {}),
    path: `/api/v1${route.path}`,
    security: [{ [bearerAuth.name]: [] }],
    description: [route.description, `Access: ${access}.`].filter(Boolean).join('\n\n'),
    responses: {
      ...malformed(request),
      ...(body ? BODY_ERRORS : {}),
      ...ENGINE_ERRORS,
      ...(route.method === 'get' ? READ_LIMIT_ERRORS : {}),
      ...responses,
      ...AUTH_ERRORS,
    },
  });
}

export function registerSettingsPaths(spec: SettingsPathsSpec): void {
  const operations = new Set(spec.only ?? ['create', 'list', 'get', 'patch', 'delete']);
  const itemPath = `${spec.base}/{${spec.idParam}}`;
  const params = z.object({ [spec.idParam]: spec.idSchema ?? z.string() });
  const access = (method: string) =>
    `token ability "${ABILITY_BY_METHOD[method]}", user permission "${spec.permission}"`;
  const json = (schema: z.ZodType, description: string) => ({
    description,
    content: { 'application/json': { schema } },
  });
  const list = z.object({ items: z.array(spec.view), nextCursor: z.string().nullable() });
  const notFound = errorResponse('Not found in the tenant');
  const badBody = spec.rules
    ? ruleRefusal(errorResponse(`The body is not valid, or ${spec.rules}; \`errors\` says which`))
    : errorResponse('The body is not valid; `errors` names each bad field');

  if (operations.has('create') && spec.create) {
    registerRoute({
      method: 'post',
      path: spec.base,
      tags: [spec.tag],
      access: access('POST'),
      description: spec.grants,
      request: { body: { content: { 'application/json': { schema: spec.create } } } },
      responses: {
        201: json(spec.created ?? spec.view, 'Created'),
        ...(spec.conflict ? { 409: errorResponse(spec.conflict) } : {}),
        422: badBody,
      },
    });
  }
  if (operations.has('list')) {
    registerRoute({
      method: 'get',
      path: spec.base,
      tags: [spec.tag],
      access: access('GET'),
      responses: { 200: json(list, 'All of the tenant') },
    });
  }
  if (operations.has('get')) {
    registerRoute({
      method: 'get',
      path: itemPath,
      tags: [spec.tag],
      access: access('GET'),
      request: { params },
      responses: {
        200: { ...json(spec.view, 'Found'), ...(spec.versioned ? { headers: ETAG_HEADER } : {}) },
        404: notFound,
      },
    });
  }
  if (operations.has('patch') && spec.patch) {
    registerRoute({
      method: 'patch',
      path: itemPath,
      tags: [spec.tag],
      access: access('PATCH'),
      description: spec.grants,
      request: {
        params,
        ...(spec.versioned ? { headers: conditionalHeaders } : {}),
        body: { content: { 'application/json': { schema: spec.patch } } },
      },
      responses: {
        200: { ...json(spec.view, 'Changed'), ...(spec.versioned ? { headers: ETAG_HEADER } : {}) },
        404: notFound,
        ...(spec.refusals?.patch ? { 409: errorResponse(spec.refusals.patch) } : {}),
        ...(spec.versioned
          ? { 412: json(preconditionFailedSchema(spec.view), 'Another version than `If-Match`') }
          : {}),
        422: badBody,
      },
    });
  }
  if (operations.has('delete')) {
    registerRoute({
      method: 'delete',
      path: itemPath,
      tags: [spec.tag],
      access: access('DELETE'),
      description: spec.deleteMeans,
      request: { params },
      responses: {
        204: { description: 'Done' },
        404: notFound,
        ...(spec.refusals?.delete ? { 409: errorResponse(spec.refusals.delete) } : {}),
      },
    });
  }
}

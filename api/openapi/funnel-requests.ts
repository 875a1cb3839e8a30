/**
 * The OpenAPI description of `POST` and `DELETE /funnels/{endpointUrl}`: their bodies, query and
 * headers, and every answer a sender may get.
 */
import { z } from 'zod';
import { endpointUrlSchema } from '../../core/domain/names';
import { envelopeSchema } from '../../core/domain/envelope';
import { IDENTIFIER_MAX_LENGTH } from '../../core/domain/identifier';
import { dryRunQuerySchema } from '../http/dry-run-flag';
import { IDENTIFIER_PATTERN } from './patterns';
import { errorBodySchema } from './registry';
import { ruleRefusal } from './rule-refusal';
import { registerRoute } from './settings-paths';

const itemSchema = z.record(z.string(), z.unknown()).meta({
  description: "One item, in the sender's shape; the funnel's mappings read it",
});
/** An empty list is refused as an empty body (422). */
const itemsSchema = z.array(itemSchema).min(1);

/** A non-empty string or a safe integer (docs/api-behaviour.md#identifiers). */
const identifierSchema = z.union([
  z.string().min(1).max(IDENTIFIER_MAX_LENGTH).regex(new RegExp(IDENTIFIER_PATTERN)),
  z.int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
]);
const identifiersSchema = z.array(identifierSchema);
const deletionSchema = z
  .object({ identifiers: identifiersSchema.min(1) })
  .meta({ description: 'Identifiers of the items to delete, as the sender knows them' });
/**
 * Several entries: one of them may name no identifier, but not all, since a request that names
 * none is refused (422).
 */
const deletionsSchema = z.array(z.object({ identifiers: identifiersSchema })).meta({
  contains: { type: 'object', properties: { identifiers: { type: 'array', minItems: 1 } } },
  description: 'Entries of identifiers; at least one names an identifier',
});

const envelope = envelopeSchema.meta({ id: 'Envelope' });
type Headers = Record<string, { description: string; schema: { type: 'string' } }>;
const json = (schema: z.ZodType, description: string, headers?: Headers) => ({
  description,
  content: { 'application/json': { schema } },
  ...(headers ? { headers } : {}),
});
const header = (description: string) => ({ description, schema: { type: 'string' as const } });
const error = (description: string, headers?: Headers) =>
  json(errorBodySchema, description, headers);

const query = z.object({
  dryRun: dryRunQuerySchema.meta({
    description: '`true`: validate everything, lookups included, and write nothing',
  }),
  sync: z
    .string()
    .regex(/^[a-f0-9]{32}$/)
    .optional()
    .meta({
      description:
        'The full sync the request is part of: it names what it writes to the sync. Refused ' +
        'before it is queued when the sync is unknown (404), committed (409) or expired (410)',
    }),
});
const headers = z.object({
  'Idempotency-Key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/)
    .optional()
    .meta({
      description:
        'A repeat with the same key and body within 24 hours gets the first answer again ' +
        '(`Idempotent-Replayed: true`); the same key with another body is a 422',
    }),
  Prefer: z.string().optional().meta({
    description: '`respond-async`: answer 202 at once; the history record tells the outcome',
  }),
});
const params = z.object({ endpointUrl: endpointUrlSchema });

function responses(done: string) {
  return {
    200: json(envelope, done, {
      'Idempotent-Replayed': header('`true` when this is the first answer to an earlier request'),
    }),
    202: json(
      envelopeSchema.pick({ status: true, message: true, data: true }),
      'Accepted (`Prefer: respond-async`); `Location` names the history record',
      { Location: header('The history record of the request') },
    ),
    400: error('Not JSON, nested too deep, not the shape asked for, or a bad `Idempotency-Key`'),
    404: error('No funnel with that endpoint URL in the tenant, or no such `sync` of it'),
    409: error('The `sync` is committed, or being committed'),
    410: error('The `sync` expired uncommitted'),
    413: error('The body is over `MAX_BODY_BYTES`, or has more than `MAX_ITEMS` items'),
    415: error('The body is not `application/json`'),
    422: ruleRefusal(
      json(
        envelope,
        'Validation failed: `errors` by item (identifier, `[i]` or `_request`, as for an ' +
          'inactive funnel or one without an identifier mapping) and field label; or the ' +
          '`Idempotency-Key` was used with another body',
      ),
    ),
    429: error("Over the token's rate limit", { 'Retry-After': header('Seconds to wait') }),
    503: error('Redis or MongoDB does not answer; nothing was half-written', {
      'Retry-After': header('Seconds to wait'),
    }),
    504: json(
      envelopeSchema.pick({ status: true, message: true, data: true }),
      'Not finished within `WAIT_TIMEOUT_MS`; it goes on, and `data.requestId` names its history record',
    ),
  };
}

registerRoute({
  method: 'post',
  path: '/funnels/{endpointUrl}',
  tags: ['Funnel requests'],
  access: 'token ability "create", user permission "manage_funnels"',
  description:
    'Maps, validates and creates or updates items by identifier. Partial success (a funnel ' +
    'with `partialValidation`) is a 200 with `errors` and `data.successIds`.',
  request: {
    params,
    query,
    headers,
    body: {
      required: true,
      content: { 'application/json': { schema: z.union([itemSchema, itemsSchema]) } },
    },
  },
  responses: responses('Every item imported, or a partial success'),
});

registerRoute({
  method: 'delete',
  path: '/funnels/{endpointUrl}',
  tags: ['Funnel requests'],
  access: 'token ability "delete", user permission "manage_funnels"',
  description:
    "Deletes items by identifier, through the funnel's identifier transforms and lazy " +
    'comparison. An identifier that matches nothing is no error: it is in `data.notFoundIds`.',
  request: {
    params,
    query,
    headers,
    body: {
      required: true,
      content: {
        'application/json': { schema: z.union([deletionSchema, deletionsSchema]) },
      },
    },
  },
  responses: responses('Done: `data.deletedIds` and `data.notFoundIds`'),
});

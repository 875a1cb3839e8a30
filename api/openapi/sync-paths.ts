/** The OpenAPI description of full syncs, and the schemas their routes parse with. */
import { z } from 'zod';
import { endpointUrlSchema } from '../../core/domain/names';
import type { CommitLimit } from '../../core/syncs/commit-limit';
import { dryRunQuerySchema } from '../http/dry-run-flag';
import { syncIdSchema, syncViewSchema } from '../../core/syncs/sync';
import { errorBodySchema } from './registry';
import { ruleRefusal } from './rule-refusal';
import { registerRoute } from './settings-paths';

export const commitBodySchema = z
  .strictObject({
    maxDeletes: z.number().int().min(0).max(100_000_000).optional().meta({
      description: 'The most items the commit may delete',
    }),
    maxDeletePercent: z.number().min(0).max(100).optional().meta({
      description: 'The most it may delete, as a share of the items this funnel wrote',
    }),
    dryRun: z
      .boolean()
      .optional()
      .meta({
        description:
          '`true`: answer what it would delete, in pages; delete nothing. The same as the query ' +
          'parameter `dryRun`; given in both, they must agree (else 400)',
      }),
  })
  .refine((body) => (body.maxDeletes === undefined) !== (body.maxDeletePercent === undefined), {
    path: ['maxDeletes'],
    message: 'give exactly one of maxDeletes and maxDeletePercent',
  })
  .meta({
    id: 'SyncCommit',
    description: 'Exactly one of `maxDeletes` and `maxDeletePercent`',
    oneOf: [{ required: ['maxDeletes'] }, { required: ['maxDeletePercent'] }],
  });

export function commitLimitOf(body: z.output<typeof commitBodySchema>): CommitLimit {
  return body.maxDeletes !== undefined
    ? { maxDeletes: body.maxDeletes }
    : { maxDeletePercent: body.maxDeletePercent ?? 0 };
}

export const commitQuerySchema = z.object({
  dryRun: dryRunQuerySchema.meta({
    description:
      '`true`: answer what it would delete, in pages; delete nothing. The same as `dryRun` in ' +
      'the body; given in both, they must agree (else 400)',
  }),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  cursor: z.string().min(1).optional(),
});

const previewSchema = z
  .object({
    syncId: z.string(),
    dryRun: z.literal(true),
    wouldDelete: z.number().int(),
    funnelItems: z.number().int().describe('Items this funnel wrote, of which a percentage is'),
    allowed: z.number().int(),
    withinLimit: z.boolean(),
    items: z.array(z.string()).describe('Identifiers it would delete, in order, one page'),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'SyncCommitPreview' });

const commitAnswerSchema = z
  .object({
    status: z.enum(['success', 'error']),
    message: z.string(),
    data: z
      .object({
        syncId: z.string(),
        state: z.string().optional(),
        deleted: z.number().int().optional(),
        recordId: z.string().optional(),
        wouldDelete: z.number().int().optional(),
        allowed: z.number().int().optional(),
      })
      .optional(),
  })
  .meta({ id: 'SyncCommitAnswer' });

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const params = z.object({ endpointUrl: endpointUrlSchema });
const syncParams = params.extend({ syncId: syncIdSchema });
const sync = json(syncViewSchema, 'The sync');

export function registerSyncPaths(): void {
  registerRoute({
    method: 'post',
    path: '/funnels/{endpointUrl}/syncs',
    tags: ['Full syncs'],
    access: 'token ability "create", user permission "manage_funnels"',
    description:
      'Starts a full sync: send the whole data set with `?sync={syncId}` on funnel requests, ' +
      'then commit. Open for 24 hours; an uncommitted sync then expires and deletes nothing.',
    request: { params },
    responses: {
      201: sync,
      404: json(errorBodySchema, 'No funnel with that endpoint URL in the tenant'),
    },
  });
  registerRoute({
    method: 'get',
    path: '/funnels/{endpointUrl}/syncs/{syncId}',
    tags: ['Full syncs'],
    access: 'token ability "read", user permission "manage_funnels"',
    description: 'The sync: its state, what its requests named, its commit and the progress of it.',
    request: { params: syncParams },
    responses: {
      200: sync,
      404: json(errorBodySchema, 'No such funnel, or no such sync of it in the tenant'),
    },
  });
  registerRoute({
    method: 'post',
    path: '/funnels/{endpointUrl}/syncs/{syncId}/commit',
    tags: ['Full syncs'],
    access: 'token ability "delete", user permission "manage_funnels"',
    description:
      "Deletes the items of the funnel's content type that this funnel wrote before the sync " +
      'started and that no request of the sync named, as a DELETE would, unless that is more ' +
      'than the limit. With `dryRun`, answers what it would delete, in pages (`limit`, `cursor`).',
    request: {
      params: syncParams,
      query: commitQuerySchema,
      body: { required: true, content: { 'application/json': { schema: commitBodySchema } } },
    },
    responses: {
      200: {
        description: 'Committed; or, for a dry run, a page of what it would delete',
        content: {
          'application/json': { schema: z.union([commitAnswerSchema, previewSchema]) },
        },
      },
      202: json(commitAnswerSchema, 'Still deleting: the sync (`Location`) shows the progress'),
      400: ruleRefusal(
        json(
          errorBodySchema,
          'The body is not valid JSON; `dryRun` in the query is not `true` or `false`, or is ' +
            'given in both query and body and they disagree; or the path is not valid percent-encoding',
        ),
      ),
      404: json(errorBodySchema, 'No such funnel, or no such sync of it in the tenant'),
      409: json(
        errorBodySchema,
        'A request of the sync is still queued or running (`data.pending`), or the sync is ' +
          'being committed or was',
      ),
      410: json(errorBodySchema, 'The sync expired uncommitted'),
      422: ruleRefusal(
        json(
          commitAnswerSchema,
          'Over the limit (`data.wouldDelete`, nothing deleted), a `cursor` this dry run did not ' +
            'answer, or a bad body (`errors`)',
        ),
      ),
      503: json(errorBodySchema, 'Redis or MongoDB does not answer'),
    },
  });
}

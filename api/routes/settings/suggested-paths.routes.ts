/**
 * `POST /settings/suggested-paths`: the paths of a sample payload not saved yet, with their
 * suggested targets, and every target the content type offers; what a funnel editor needs while
 * the sample is being written. Writes nothing, so it needs the `read` ability (and
 * manage_funnels), though it is a POST: a sample is too large for a query string.
 */
import { Router } from 'express';
import { z } from 'zod';
import { contentTypeKeySchema } from '../../../core/domain/names';
import { mappingTargets, mappingTargetViewSchema } from '../../../core/settings/mapping-targets';
import { suggestedPathSchema, withSuggestions } from '../../../core/settings/path-suggestions';
import { requestDataSchema, requestPaths } from '../../../core/settings/request-paths';
import type { ApiContext } from '../../context';
import { invalid, parseOrThrow } from '../../http/validate';
import { requireAccess } from '../../middleware/require-access';
import { errorBodySchema } from '../../openapi/registry';
import { ruleRefusal } from '../../openapi/rule-refusal';
import { registerRoute } from '../../openapi/settings-paths';

const bodySchema = z
  .strictObject({ contentType: contentTypeKeySchema, requestData: requestDataSchema })
  .meta({ id: 'SuggestedPathsRequest' });

const answerSchema = z
  .object({
    items: z.array(suggestedPathSchema),
    targets: z.array(mappingTargetViewSchema),
    nextCursor: z.null(),
  })
  .meta({ id: 'SuggestedPaths' });

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

registerRoute({
  method: 'post',
  path: '/settings/suggested-paths',
  tags: ['Funnels'],
  access: 'token ability "read", user permission "manage_funnels"',
  description:
    'The source paths of a sample payload, with JSON types and suggested targets, as ' +
    '`GET /settings/funnels/{endpointUrl}/paths` lists them for a saved funnel; and `targets`, ' +
    'every system field and property of the content type. For a funnel being written: nothing ' +
    'is stored.',
  request: { body: { content: { 'application/json': { schema: bodySchema } } } },
  responses: {
    200: json(answerSchema, 'The paths, depth first in the order of the sample'),
    422: ruleRefusal(json(errorBodySchema, 'A bad sample, or a content type the tenant lacks')),
  },
});

export function suggestedPathsRoutes(context: ApiContext): Router {
  const router = Router();
  router.post(
    '/settings/suggested-paths',
    requireAccess(context.auth, { ability: 'read', permission: 'manage_funnels' }),
    async (req, res) => {
      const body = parseOrThrow(bodySchema, req.body);
      const contentType = await context.contentTypes.find(req.principal.tenant, body.contentType);
      if (!contentType) {
        throw invalid({ contentType: `No content type "${body.contentType}" in this tenant` });
      }
      const items = withSuggestions(requestPaths(body.requestData), contentType);
      res.json({ items, targets: mappingTargets(contentType), nextCursor: null });
    },
  );
  return router;
}

/**
 * `POST /settings/funnel-preview`: a draft funnel run over its sample and the last requests of a
 * saved funnel, beside what those were answered (core/preview/), in a worker thread with a time
 * budget. Writes nothing, so it needs what reading the history needs: the `read` ability and
 * manage_funnels.
 */
import { Router } from 'express';
import type { z } from 'zod';
import { PreviewRefused } from '../../../core/preview/preview-funnel';
import {
  PreviewBusy,
  PreviewOverShare,
  PreviewStopped,
  PREVIEW_THREADS,
} from '../../../core/preview/preview-threads';
import { PreviewTurnsUnavailable } from '../../../core/preview/preview-turns';
import {
  MAX_PREVIEW_REQUESTS,
  previewAnswerSchema,
  previewRequestSchema,
} from '../../../core/preview/preview-schema';
import type { ApiContext } from '../../context';
import { HttpError, unavailable } from '../../http/http-error';
import { invalid, parseOrThrow } from '../../http/validate';
import { requireAccess } from '../../middleware/require-access';
import { errorBodySchema } from '../../openapi/registry';
import { ruleRefusal } from '../../openapi/rule-refusal';
import { registerRoute } from '../../openapi/settings-paths';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

registerRoute({
  method: 'post',
  path: '/settings/funnel-preview',
  tags: ['Funnels'],
  access: 'token ability "read", user permission "manage_funnels"',
  description:
    'Runs a draft funnel (the body of `POST /settings/funnels`, saved or not) by the rules a ' +
    'funnel request meets, as a dry run: over its `requestData`, and over the last `limit` ' +
    `(at most ${MAX_PREVIEW_REQUESTS}) requests of the saved funnel \`history.endpointUrl\`. ` +
    'Each request gets the answer it would get now beside the one it got (status code, status, ' +
    'counts) and the items whose outcome changes (`ok`, `error`, `not-written`). A DELETE, a ' +
    'request not finished, or one whose payload was cut when recorded is listed in `skipped` ' +
    "with the reason. Writes nothing: no item, no history record. It runs off the API's event " +
    'loop, in a thread stopped past `PREVIEW_TIME_BUDGET_MS` (default 5 s) or 512 MiB. A tenant ' +
    'runs one preview at a time, across every API process; an API process runs ' +
    `${PREVIEW_THREADS} at a time.`,
  request: { body: { content: { 'application/json': { schema: previewRequestSchema } } } },
  responses: {
    200: json(previewAnswerSchema, 'The draft over the sample and each request'),
    422: ruleRefusal(
      json(
        errorBodySchema,
        'A bad body, or a draft that saving would refuse (`errors` names it, as ' +
          '`funnel.mappings.0.target`), or no saved funnel `history.endpointUrl`, or a preview ' +
          'stopped past its time budget or memory (the message names it)',
      ),
    ),
    429: json(
      errorBodySchema,
      'A preview of the same tenant is running; `Retry-After` is the time budget in seconds',
    ),
    503: json(
      errorBodySchema,
      'As many previews of other tenants as the process runs at once are running (`Retry-After`)',
    ),
  },
});

export function funnelPreviewRoutes(context: ApiContext): Router {
  const router = Router();
  const { history, itemReads: items } = context;
  const threads = context.previews;

  router.post(
    '/settings/funnel-preview',
    requireAccess(context.auth, { ability: 'read', permission: 'manage_funnels' }),
    async (req, res) => {
      const body = parseOrThrow(previewRequestSchema, req.body);
      const ports = { ...context, history, items };
      try {
        res.json(await threads.run(ports, req.principal.tenant, body));
      } catch (error) {
        if (error instanceof PreviewRefused) throw invalid(error.problems);
        if (error instanceof PreviewStopped) throw new HttpError(422, error.message);
        if (error instanceof PreviewOverShare) {
          throw new HttpError(429, error.message, {
            'Retry-After': String(error.retryAfterSeconds),
          });
        }
        if (error instanceof PreviewBusy) {
          throw new HttpError(503, error.message, { 'Retry-After': '5' });
        }
        if (error instanceof PreviewTurnsUnavailable) throw unavailable('the queue', error);
        throw error;
      }
    },
  );
  return router;
}

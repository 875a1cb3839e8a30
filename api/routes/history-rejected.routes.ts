/**
 * `GET /funnels/{endpointUrl}/history/{requestId}/rejected`: the items of a recorded POST that
 * failed, each as the sender wrote it with its errors, as NDJSON to fix and send again
 * (docs/api-behaviour.md#rejected-rows). Made as it is sent (core/history/rejected-rows.ts), gzip
 * when the client accepts it. Needs what reading the payload needs: `read` and manage_funnels.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { endpointUrlSchema } from '../../core/domain/names';
import { rejectedRows } from '../../core/history/rejected-rows';
import type { ApiContext } from '../context';
import { recordedRequestAt } from '../http/recorded-request-at';
import { acceptsGzip, untilSent } from '../http/gzip-answer';
import { HttpError } from '../http/http-error';
import { textBlocks } from '../http/text-blocks';
import { requireAccess } from '../middleware/require-access';
import { errorBodySchema } from '../openapi/registry';
import { registerRoute } from '../openapi/settings-paths';

const NDJSON = 'application/x-ndjson';

const json = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBodySchema } },
});

registerRoute({
  method: 'get',
  path: '/funnels/{endpointUrl}/history/{requestId}/rejected',
  tags: ['History'],
  access: 'token ability "read", user permission "manage_funnels"',
  description:
    'The items of a recorded POST that failed, as NDJSON named `<record id>-rejected.ndjson`: one ' +
    'line per failed item, in the order sent, the item as the sender wrote it with ' +
    '`"_rejected": {"key", "position", "errors"}` added (`errors`: field label -> message). ' +
    'Fixed, the file is a valid body for the funnel again. A request with no failed item gives ' +
    'an empty body. gzip-encoded when the request accepts gzip. `requestId` is a record id or an ' +
    'X-Request-Id (its newest request).',
  request: { params: z.object({ endpointUrl: endpointUrlSchema, requestId: z.string() }) },
  responses: {
    200: {
      description:
        'The rows; `X-Rejected-Rows` counts them. Keys no item of the body has any more (the ' +
        'identifier mapping changed since) come last, as `{"_rejected": {..., "position": null}}`',
      headers: {
        'X-Rejected-Rows': {
          description: 'How many lines follow',
          schema: { type: 'string' as const },
        },
        'Content-Encoding': {
          description: '`gzip` when the request accepts it',
          schema: { type: 'string' as const },
        },
      },
      content: { [NDJSON]: { schema: z.string() } },
    },
    404: json(
      'No such funnel, no such request to it, or a request with failed items whose body was not ' +
        'kept whole (its record has a preview only)',
    ),
    409: json(
      'The record is of a DELETE (it has no items), its request has not finished, or its errors ' +
        'could not be recorded (counts and message only)',
    ),
    410: json(
      'The body was kept, and pruned since (`HISTORY_PAYLOAD_DAYS`): the errors are still in the ' +
        'record',
    ),
  },
});

const REFUSAL_STATUS = {
  'not-a-post': 409,
  unfinished: 409,
  'lists-lost': 409,
  'not-kept': 404,
  gone: 410,
} as const;

export function historyRejectedRoutes(context: ApiContext): Router {
  const router = Router();
  const { history } = context;

  router.get(
    '/funnels/:endpointUrl/history/:requestId/rejected',
    requireAccess(context.auth, { ability: 'read', permission: 'manage_funnels' }),
    async (req: Request<{ endpointUrl: string; requestId: string }>, res) => {
      const { funnel, record } = await recordedRequestAt(context, req.principal.tenant, req.params);
      const rows = await rejectedRows(history, record, funnel);
      if (!rows.ok) throw new HttpError(REFUSAL_STATUS[rows.refusal], rows.message);
      res.setHeader('Content-Type', NDJSON);
      const name = `${record.recordId}-rejected.ndjson`;
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      res.setHeader('X-Rejected-Rows', String(rows.count));
      res.setHeader('Vary', 'Accept-Encoding');
      const lines = Readable.from(textBlocks(rows.lines), { objectMode: false });
      if (acceptsGzip(req)) {
        res.setHeader('Content-Encoding', 'gzip');
        await untilSent(pipeline(lines, createGzip(), res));
      } else await untilSent(pipeline(lines, res));
    },
  );
  return router;
}

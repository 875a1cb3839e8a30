/**
 * `GET /funnels/{endpointUrl}/history/{requestId}/payload`: a recorded request's whole body, as it
 * was received (docs/api-behaviour.md#the-whole-payload). Streamed from its stored chunks: as they
 * are (gzip) to a client that accepts gzip, decompressed on the way to one that does not. Needs
 * what reading the history needs: `read` and manage_funnels.
 */
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { endpointUrlSchema } from '../../core/domain/names';
import type { HistoryDocument } from '../../core/history/history-record';
import type { HistoryRepository } from '../../core/history/history.repository';
import { goneReason, previewBody } from '../../core/history/recorded-body';
import type { ApiContext } from '../context';
import { recordedRequestAt } from '../http/recorded-request-at';
import { acceptsGzip, untilSent } from '../http/gzip-answer';
import { HttpError, notFound } from '../http/http-error';
import { requireAccess } from '../middleware/require-access';
import { errorBodySchema } from '../openapi/registry';
import { registerRoute } from '../openapi/settings-paths';

/**
 * Sent as bytes, not as JSON: a recorded body may be empty or malformed (such requests are
 * recorded too). The file name's extension says the format it was sent in.
 */
const BYTES = 'application/octet-stream';
const EXTENSION = { json: 'json', ndjson: 'ndjson' } as const;

registerRoute({
  method: 'get',
  path: '/funnels/{endpointUrl}/history/{requestId}/payload',
  tags: ['History'],
  access: 'token ability "read", user permission "manage_funnels"',
  description:
    "The recorded request's body, byte for byte as it was received, whatever its size, as " +
    '`application/octet-stream` (a recorded body may be empty or malformed) named ' +
    '`<record id>.json` or `.ndjson` after the format it was sent in: gzip-encoded ' +
    '(`Content-Encoding: gzip`) when the request accepts gzip, as the history stores it; else ' +
    'decompressed. `requestId` is a record id or an X-Request-Id (its newest request).',
  request: { params: z.object({ endpointUrl: endpointUrlSchema, requestId: z.string() }) },
  responses: {
    200: {
      description: 'The body; `Content-Encoding: gzip` when accepted',
      headers: {
        'Content-Encoding': {
          description: '`gzip` when the request accepts it',
          schema: { type: 'string' as const },
        },
      },
      content: { [BYTES]: { schema: z.string().meta({ format: 'binary' }) } },
    },
    404: {
      description:
        'No such funnel, no such request to it, or a request whose body was not kept whole ' +
        '(its record has a preview only)',
      content: { 'application/json': { schema: errorBodySchema } },
    },
    410: {
      description: 'The body was kept, and pruned since (`HISTORY_PAYLOAD_DAYS`)',
      content: { 'application/json': { schema: errorBodySchema } },
    },
  },
});

export function historyPayloadRoutes(context: ApiContext): Router {
  const router = Router();
  const { history } = context;

  router.get(
    '/funnels/:endpointUrl/history/:requestId/payload',
    requireAccess(context.auth, { ability: 'read', permission: 'manage_funnels' }),
    async (req: Request<{ endpointUrl: string; requestId: string }>, res) => {
      const { record } = await recordedRequestAt(context, req.principal.tenant, req.params);
      res.setHeader('Content-Type', BYTES);
      const name = `${record.recordId}.${EXTENSION[record.bodyFormat]}`;
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      res.setHeader('Vary', 'Accept-Encoding');
      if (record.storedPayload) await sendStored(history, record, req, res);
      else sendPreview(record, res);
    },
  );
  return router;
}

/** The whole body from its chunks, compressed as stored or decompressed as it goes. */
async function sendStored(
  history: HistoryRepository,
  record: HistoryDocument,
  req: Request,
  res: Response,
): Promise<void> {
  const stored = record.storedPayload as NonNullable<HistoryDocument['storedPayload']>;
  const chunks = await history.payloads.compressed(record, stored);
  if (!chunks) throw new HttpError(410, goneReason(record));
  if (acceptsGzip(req)) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', String(stored.storedBytes));
    await untilSent(pipeline(chunks, res));
  } else {
    res.setHeader('Content-Length', String(stored.bytes));
    await untilSent(pipeline(chunks, createGunzip(), res));
  }
}

/** A body not stored apart is the record's preview, when that holds all of it. */
function sendPreview(record: HistoryDocument, res: Response): void {
  const preview = previewBody(record);
  if (!preview.ok) throw notFound(preview.reason);
  res.send(Buffer.from(preview.body.raw, 'utf8'));
}

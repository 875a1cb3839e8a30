/**
 * `GET /limits`: the request limits this API process holds a sender to, so that a client sizes
 * its batches and paces itself before a 413 or a 429 tells it (docs/api-behaviour.md#limits).
 * Any valid token may ask; the answer is the same for every tenant.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { requireIdentity } from '../middleware/require-access';
import { registerRoute } from '../openapi/settings-paths';

const limitsSchema = z
  .object({
    maxItems: z.number().int().describe('Items (POST) or identifiers (DELETE) in one request'),
    maxBodyBytes: z.number().int().describe("A request's body size, after decompression"),
    rateLimitPerMinute: z.number().int().describe('Funnel requests per token per minute'),
    readRateLimitPerMinute: z
      .number()
      .int()
      .describe('Reads (GET) per token, or per user for the console, per minute'),
  })
  .meta({ id: 'Limits' });

registerRoute({
  method: 'get',
  path: '/limits',
  tags: ['Access'],
  access: 'any valid token',
  description:
    'The limits of a funnel request: past `maxItems` or `maxBodyBytes` a request is 413, past ' +
    '`rateLimitPerMinute` 429; and of reads: past `readRateLimitPerMinute` a GET is 429.',
  responses: {
    200: {
      description: 'The limits',
      content: { 'application/json': { schema: limitsSchema } },
    },
  },
});

export function limitsRoutes(context: ApiContext): Router {
  const { MAX_ITEMS, MAX_BODY_BYTES, RATE_LIMIT_PER_MINUTE, READ_RATE_LIMIT_PER_MINUTE } =
    context.config;
  const limits: z.infer<typeof limitsSchema> = {
    maxItems: MAX_ITEMS,
    maxBodyBytes: MAX_BODY_BYTES,
    rateLimitPerMinute: RATE_LIMIT_PER_MINUTE,
    readRateLimitPerMinute: READ_RATE_LIMIT_PER_MINUTE,
  };
  const router = Router();
  router.get('/limits', requireIdentity(context.auth), (_req, res) => {
    res.json(limits);
  });
  return router;
}

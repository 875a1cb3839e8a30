/**
 * The OpenAPI registry: route modules register their paths here with the same zod schemas they
 * validate with, so the document at /api/v1/openapi.json is generated, never written by hand.
 */
import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

export const registry = new OpenAPIRegistry();

export const bearerAuth = registry.registerComponent('securitySchemes', 'bearerAuth', {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
});

export const errorBodySchema = z
  .object({
    status: z.literal('error'),
    message: z.string(),
    errors: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'Error' });

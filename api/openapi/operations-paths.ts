/** The OpenAPI description of the operator's routes: liveness, readiness and metrics. */
import { z } from 'zod';
import { registry } from './registry';

const health = z.object({ status: z.literal('ok') });
const readiness = z.object({
  status: z.enum(['ok', 'error']),
  message: z.string(),
  engines: z.record(z.string(), z.enum(['up', 'down'])),
  workers: z.number().nullable(),
});

registry.registerPath({
  method: 'get',
  path: '/healthz',
  tags: ['Operations'],
  summary: 'Liveness: answers while the process runs (no token)',
  responses: {
    200: { description: 'Alive', content: { 'application/json': { schema: health } } },
  },
});

registry.registerPath({
  method: 'get',
  path: '/readyz',
  tags: ['Operations'],
  summary: 'Readiness: Redis and MongoDB both answer (no token)',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: readiness } } },
    503: {
      description: 'An engine does not answer; `message` names it',
      content: { 'application/json': { schema: readiness } },
    },
  },
});

registry.registerPath({
  method: 'get',
  path: '/metrics',
  tags: ['Operations'],
  summary: 'Prometheus metrics of this API process (no token: keep it on the internal network)',
  responses: {
    200: { description: 'Prometheus text', content: { 'text/plain': { schema: z.string() } } },
  },
});

/** The service's limits on one funnel request (`GET /api/v1/limits`), read once per run. */
import type { Limits } from '../push-types';
import type { components } from '../../service/openapi-paths';
import { RunStopped } from './push-errors';
import { messageOf, type ServiceAnswer, type ServiceRequest } from './service-client';
import { stopIfRefused } from './refusals';

export async function readLimits(
  call: (request: ServiceRequest) => Promise<ServiceAnswer>,
): Promise<Limits> {
  const answer = await call({
    label: 'GET /api/v1/limits',
    send: (api) => api.GET('/api/v1/limits', { parseAs: 'text' }),
  });
  stopIfRefused(answer);
  const body = answer.body as Partial<components['schemas']['Limits']> | undefined;
  if (answer.status !== 200 || !isCount(body?.maxItems) || !isCount(body?.maxBodyBytes)) {
    throw new RunStopped(`GET /api/v1/limits did not answer the limits: ${messageOf(answer)}`);
  }
  return { maxItems: body.maxItems, maxBodyBytes: body.maxBodyBytes };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

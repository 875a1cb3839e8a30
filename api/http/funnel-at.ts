/** The funnel at an endpoint URL of a path, in the caller's tenant; 404 when there is none. */
import { endpointUrlSchema } from '../../core/domain/names';
import type { Funnel } from '../../core/domain/funnel';
import type { ApiContext } from '../context';
import { notFound } from './http-error';

export async function funnelAt(
  context: Pick<ApiContext, 'funnels'>,
  tenant: string,
  endpointUrl: string,
): Promise<Funnel> {
  // A malformed endpoint URL names no funnel: 404, as an unknown one.
  const valid = endpointUrlSchema.safeParse(endpointUrl);
  const funnel = valid.success ? await context.funnels.find(tenant, valid.data) : null;
  if (!funnel) throw notFound(`No funnel with endpoint URL "${endpointUrl}"`);
  return funnel;
}

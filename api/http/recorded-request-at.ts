/**
 * A request in the history of the funnel at an endpoint URL, in the caller's tenant, by its record
 * id or its request id; 404 when there is no such funnel or request.
 */
import type { Funnel } from '../../core/domain/funnel';
import type { HistoryDocument } from '../../core/history/history-record';
import type { ApiContext } from '../context';
import { funnelAt } from './funnel-at';
import { notFound } from './http-error';

export async function recordedRequestAt(
  context: Pick<ApiContext, 'funnels' | 'history'>,
  tenant: string,
  params: { endpointUrl: string; requestId: string },
): Promise<{ funnel: Funnel; record: HistoryDocument }> {
  const funnel = await funnelAt(context, tenant, params.endpointUrl);
  const record = await context.history.findByEitherId(tenant, funnel.id, params.requestId);
  if (!record) throw notFound('No such request in the history of this funnel');
  return { funnel, record };
}

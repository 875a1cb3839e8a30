/**
 * A full sync as the API names it: by the endpoint URL of its funnel, in the caller's tenant. A
 * sync of another funnel or another tenant, or a name that cannot be a sync's, is unknown here.
 */
import type { Funnel } from '../domain/funnel';
import { endpointUrlSchema } from '../domain/names';
import { syncIdSchema, type SyncDocument } from './sync';
import type { SyncApiServices } from './sync-api-services';
import { refused, type Refused } from './sync-refusal';

export type FoundFunnel = { state: 'found'; funnel: Funnel };
export type FoundSync = { state: 'found'; funnel: Funnel; sync: SyncDocument };

export async function findFunnel(
  funnels: SyncApiServices['funnels'],
  tenant: string,
  endpointUrl: string,
): Promise<FoundFunnel | Refused> {
  const valid = endpointUrlSchema.safeParse(endpointUrl);
  const funnel = valid.success ? await funnels.find(tenant, valid.data) : null;
  if (!funnel) return refused(404, `No funnel with endpoint URL "${endpointUrl}"`);
  return { state: 'found', funnel };
}

export async function findSync(
  services: Pick<SyncApiServices, 'funnels' | 'syncs'>,
  tenant: string,
  endpointUrl: string,
  syncId: string,
): Promise<FoundSync | Refused> {
  const found = await findFunnel(services.funnels, tenant, endpointUrl);
  if (found.state !== 'found') return found;
  const sync = syncIdSchema.safeParse(syncId).success
    ? await services.syncs.records.find(tenant, syncId)
    : null;
  if (!sync || sync.funnelId !== found.funnel.id) {
    return refused(404, `No sync "${syncId}" on this funnel`);
  }
  return { state: 'found', funnel: found.funnel, sync };
}

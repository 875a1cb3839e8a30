/**
 * How to find a row's identifier: `--id-path`, else the funnel's identifier mapping read from
 * the settings API when the token may read it. Without either, failures keyed by identifier
 * cannot be placed on rows (see batch-outcome.ts).
 */
import { identifierReader, isIdentifierTransform, type IdentifierReader } from './row-identifier';
import type { ServiceClient } from './service-client';

/** What is read of the answer, each field checked: a proxy may send anything. */
interface Mapping {
  source?: unknown;
  target?: { system?: unknown };
  transforms?: Array<{ op?: unknown }>;
}

export async function learnIdentifierReader(
  client: ServiceClient,
  funnel: string,
  idPath: string | undefined,
): Promise<IdentifierReader | undefined> {
  if (idPath) return identifierReader(idPath);
  const answer = await client
    .call({
      label: `GET /api/v1/settings/funnels/${encodeURIComponent(funnel)}`,
      send: (api) =>
        api.GET('/api/v1/settings/funnels/{endpointUrl}', {
          params: { path: { endpointUrl: funnel } },
          parseAs: 'text',
        }),
    })
    .catch(() => undefined);
  if (answer?.status !== 200) return undefined;
  const mappings = (answer.body as { mappings?: Mapping[] } | undefined)?.mappings ?? [];
  const mapping = mappings.find((each) => each.target?.system === 'identifier');
  if (typeof mapping?.source !== 'string') return undefined;
  const ops = (mapping.transforms ?? []).map((step) => step.op);
  // A step this client does not repeat would make it guess: better to say it cannot tell.
  if (!ops.every(isIdentifierTransform)) return undefined;
  return identifierReader(mapping.source, ops);
}

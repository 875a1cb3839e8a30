/**
 * Funnel requests put on the funnel queue the way the API puts them, for tests of the queue and
 * the worker without HTTP: a content type and a funnel made through the settings API, and POSTs
 * whose bodies wait in Redis under the key of the job id they will have.
 */
import { randomUUID } from 'node:crypto';
import type { JobData } from '../../core/queue/jobs';
import { ReceiptSequence } from '../../core/redis/receipt-sequence';
import type { TestApi } from './api-harness';

/** A funnel of a tenant, and the content type it writes to. */
export interface QueuedFunnel {
  tenant: string;
  contentType: string;
  endpointUrl: string;
  funnelId: string;
}

/** A request ready to be queued: the job's id and data. */
export interface QueuedRequest {
  jobId: string;
  data: JobData<'ingest'>;
}

/** A new tenant with a product content type and a funnel to it that maps `sku` and `title`. */
export async function setUpFunnel(
  api: TestApi,
  funnel: Omit<QueuedFunnel, 'funnelId'>,
): Promise<QueuedFunnel> {
  const { tenant, contentType, endpointUrl } = funnel;
  const { token } = await api.bootstrap(tenant);
  const put = await api.call('PUT', `/api/v1/settings/content-types/${contentType}`, {
    token,
    body: { name: contentType, kind: 'product', properties: [] },
  });
  if (put.status !== 201) throw new Error(`PUT content type: ${put.status}`);
  const created = await api.call('POST', '/api/v1/settings/funnels', {
    token,
    body: {
      contentType,
      name: endpointUrl,
      endpointUrl,
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
      ],
    },
  });
  if (created.status !== 201) throw new Error(`POST funnel: ${created.status}`);
  const found = await api.context.funnels.find(tenant, endpointUrl);
  if (!found) throw new Error(`the funnel ${endpointUrl} is not found`);
  return { ...funnel, funnelId: found.id };
}

/**
 * Makes POSTs of `count` items to `funnel` (skus `<requestId>-<n>`), each with its body stored
 * and its receipt taken from the receipt sequence, ready for `queue.run('ingest', …)`.
 */
export function queuedRequests(
  api: TestApi,
  funnel: QueuedFunnel,
): (requestId: string, count?: number) => Promise<QueuedRequest> {
  const { queue } = api.context;
  const receipts = new ReceiptSequence(queue.redis, queue.keys);
  return async (requestId, count = 1) => {
    const jobId = randomUUID();
    const items = Array.from({ length: count }, (_, i) => ({
      sku: `${requestId}-${i}`,
      title: `Item ${i} of ${requestId}`,
    }));
    const body = Buffer.from(JSON.stringify(items));
    const payloadKey = queue.payloads.keyFor(funnel, jobId);
    await queue.payloads.put(payloadKey, body);
    const receivedAt = new Date();
    const data: JobData<'ingest'> = {
      requestId,
      recordId: requestId,
      tenant: funnel.tenant,
      endpointUrl: funnel.endpointUrl,
      funnelId: funnel.funnelId,
      method: 'POST',
      receivedAt: receivedAt.toISOString(),
      sequence: await receipts.next(receivedAt),
      tokenId: null,
      dryRun: false,
      payloadKey,
      bodyBytes: body.length,
      bodyFormat: 'json',
    };
    return { jobId, data };
  };
}

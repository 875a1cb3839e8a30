/**
 * The API's side of full syncs on real engines, called without HTTP: an API's composition for
 * its stores and queue, a worker that carries commits out, a tenant with a funnel per test whose
 * items were written before its sync starts.
 */
import { randomUUID } from 'node:crypto';
import type { CommitRequest } from '../../../core/syncs/request-commit';
import { startSync } from '../../../core/syncs/start-sync';
import type { SyncDocument } from '../../../core/syncs/sync';
import type { SyncApiServices } from '../../../core/syncs/sync-api-services';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { startTestWorker, type TestWorker } from '../../support/worker-harness';

export const TENANT = 'acme';

/** A funnel made for one test, on a content type of its own. */
export interface TestFunnel {
  endpointUrl: string;
  contentType: string;
}

export interface SyncFixture {
  api: TestApi;
  worker: TestWorker;
  services: SyncApiServices;
  /** A fresh funnel that wrote `skus`. */
  funnel(skus: string[]): Promise<TestFunnel>;
  start(funnel: TestFunnel): Promise<SyncDocument>;
  /** Sends `skus` as a request of the sync, and waits for its answer. */
  tag(funnel: TestFunnel, syncId: string, skus: string[]): Promise<number>;
  /** The identifiers stored in the funnel's content type, in order. */
  stored(funnel: TestFunnel): Promise<string[]>;
  sync(syncId: string): Promise<SyncDocument | null>;
  /** A commit request as the API builds it, received now. */
  commitRequest(overrides: Partial<CommitRequest>): CommitRequest;
  close(): Promise<void>;
}

export async function startSyncFixture(label: string): Promise<SyncFixture> {
  const api = await startTestApi(label);
  const worker = await startTestWorker(api.env);
  const { token, tokenId } = await api.bootstrap(TENANT);
  const { context } = api;
  const services = context.syncApi;
  let made = 0;

  const send = async (method: string, path: string, body: unknown): Promise<number> => {
    const response = await api.call(method, path, { token, body });
    return response.status;
  };
  const expectOk = (status: number, what: string) => {
    if (status >= 300) throw new Error(`${what}: ${status}`);
  };
  const items = (skus: string[]) => skus.map((sku) => ({ sku, title: `Item ${sku}` }));

  return {
    api,
    worker,
    services,
    async funnel(skus) {
      made += 1;
      const funnel = { endpointUrl: `f-${made}`, contentType: `p-${made}` };
      const typeBody = { name: funnel.contentType, kind: 'product', properties: [] };
      const typePath = `/api/v1/settings/content-types/${funnel.contentType}`;
      expectOk(await send('PUT', typePath, typeBody), 'PUT content type');
      const funnelBody = {
        contentType: funnel.contentType,
        name: funnel.endpointUrl,
        endpointUrl: funnel.endpointUrl,
        mappings: [
          { source: 'sku', target: { system: 'identifier' } },
          { source: 'title', target: { system: 'name' } },
        ],
      };
      expectOk(await send('POST', '/api/v1/settings/funnels', funnelBody), 'POST funnel');
      const path = `/api/v1/funnels/${funnel.endpointUrl}`;
      expectOk(await send('POST', path, items(skus)), 'POST items');
      return funnel;
    },
    async start(funnel) {
      const started = await startSync(services, {
        tenant: TENANT,
        endpointUrl: funnel.endpointUrl,
        receivedAt: new Date(),
      });
      if (started.state !== 'started') throw new Error(`no sync started: ${started.state}`);
      return started.sync;
    },
    tag: (funnel, syncId, skus) =>
      send('POST', `/api/v1/funnels/${funnel.endpointUrl}?sync=${syncId}`, items(skus)),
    async stored(funnel) {
      const found = await context.db.items
        .find({ tenant: TENANT, contentType: funnel.contentType })
        .project<{ identifier: string }>({ identifier: 1 })
        .toArray();
      return found.map((item) => item.identifier).sort();
    },
    sync: (syncId) => services.syncs.records.find(TENANT, syncId),
    commitRequest: (overrides) => ({
      requestId: randomUUID(),
      recordId: randomUUID(),
      tokenId,
      receivedAt: new Date(),
      limit: { maxDeletes: 100 },
      dryRun: false,
      page: { size: 1000 },
      ...overrides,
    }),
    async close() {
      await worker.stop();
      await api.close();
    },
  };
}

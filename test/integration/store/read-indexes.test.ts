/**
 * Every read has an index with the tenant first that serves its filter and sort
 * (docs/storage.md#reads-and-their-indexes). The reads are named beside their repositories
 * (SERVICE_READS); this checks each against the indexes the engine holds, and calls every GET
 * route of the API with each of its filters, watching the queries it sends: each must be one of
 * the named reads, so that a new read, or a new route, cannot go round the rule.
 */
import type { mongo } from 'mongoose';
import { documentId } from '../../../core/domain/names';
import type { HistoryDocument } from '../../../core/history/history-record';
import { HistoryPayloadsRepository } from '../../../core/history/history-payloads.repository';
import type { ItemDocument } from '../../../core/items/item';
import type { ReadShape } from '../../../core/mongo/read-shape';
import type { Collections } from '../../../core/storage/collections';
import { SERVICE_READS } from '../../../core/storage/read-shapes';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { fakeDns } from '../../support/fake-dns';
import {
  indexServing,
  isShapeOf,
  type ListedIndex,
  type SentQuery,
} from '../../support/read-index-match';
import { servedRoutes } from '../../support/served-routes';
import { uniqueMongoUrl } from '../../support/test-env';

/** What each GET route is called with: a query per filter it takes, or other path parameters. */
type Call = string | Record<string, string>;
const ROUTE_CALLS: Record<string, readonly Call[]> = {
  '/api/v1/content-types/{key}/items': ['', '?prefix=A'],
  '/api/v1/content-types/{key}/items/{identifier}': [''],
  '/api/v1/content-types/{key}/items/{identifier}/requests': [''],
  '/api/v1/content-types/{key}/items/{identifier}/changes': [''],
  '/api/v1/funnels/{endpointUrl}/history': [
    '',
    '?status=error',
    '?dryRun=true',
    '?sync=s-1',
    '?redriveId=r-1',
    '?requestId=r-1',
    '?identifier=A-1',
    '?from=2024-05-01',
    '?to=2030-01-01',
  ],
  '/api/v1/funnels/{endpointUrl}/history/{requestId}': ['', { requestId: 'x-1' }],
  '/api/v1/funnels/{endpointUrl}/history/{requestId}/payload': ['', { requestId: 'x-1' }],
  '/api/v1/funnels/{endpointUrl}/history/{requestId}/rejected': ['', { requestId: 'x-1' }],
  '/api/v1/funnels/{endpointUrl}/syncs': ['', '?state=open', '?state=expired', '?state=committed'],
  '/api/v1/funnels/{endpointUrl}/syncs/{syncId}': [''],
  '/api/v1/funnels/{endpointUrl}/redrives': [''],
  '/api/v1/funnels/{endpointUrl}/redrives/{redriveId}': [''],
  '/api/v1/changes': ['', '?contentType=products'],
  '/api/v1/limits': [''],
  '/api/v1/settings/me': [''],
  '/api/v1/settings/users': [''],
  '/api/v1/settings/users/{id}': [''],
  '/api/v1/settings/tokens': [''],
  '/api/v1/settings/content-types': [''],
  '/api/v1/settings/content-types/{key}': [''],
  '/api/v1/settings/funnels': [''],
  '/api/v1/settings/funnels/{endpointUrl}': [''],
  '/api/v1/settings/funnels/{endpointUrl}/paths': [''],
  '/api/v1/settings/exports': [''],
  '/api/v1/settings/exports/{id}': [''],
  '/api/v1/settings/exports/{id}/deliveries': ['', '?status=failed'],
};
/** Served without a database read: the API's own description. */
const NO_READS = [/^\/api\/v1\/docs/, /^\/api\/v1\/openapi\.json$/];

const READ_COMMANDS = new Set(['find', 'aggregate', 'count', 'distinct']);

/** The query a read command carries: a find's filter and sort, a count's first `$match`. */
function sentQuery(command: mongo.Document): SentQuery | null {
  const name = Object.keys(command)[0] ?? '';
  if (!READ_COMMANDS.has(name)) return null;
  const collection = String(command[name]);
  if (name === 'aggregate') {
    const first = (command.pipeline as mongo.Document[])[0];
    return { collection, filter: (first?.$match as Record<string, unknown>) ?? {} };
  }
  const filter = (command.filter ?? command.query ?? {}) as Record<string, unknown>;
  // The driver sends a sort as a Map, to keep its keys' order.
  const sort = command.sort instanceof Map ? Object.fromEntries(command.sort) : command.sort;
  return { collection, filter, sort: sort as SentQuery['sort'] };
}

describe('reads and their indexes', () => {
  let api: TestApi;
  let token: string;
  const params: Record<string, string> = {
    key: 'products',
    identifier: 'A-1',
    endpointUrl: 'erp',
    requestId: 'r-1',
  };
  const sent: SentQuery[] = [];

  const collectionName = (shape: ReadShape<keyof Collections>) =>
    api.context.db[shape.collection].collectionName;

  beforeAll(async () => {
    const url = new URL(uniqueMongoUrl('read-indexes'));
    url.searchParams.set('monitorCommands', 'true');
    api = await startTestApi('read-indexes', { MONGO_URL: url.toString() });
    const dns = fakeDns({ 'hooks.example.com': ['93.184.216.34'] });
    api.context.exports.targets.resolve = dns.resolve;
    const bootstrapped = await api.bootstrap('acme');
    token = bootstrapped.token;
    params.id = bootstrapped.userId;
    const put = await api.call('PUT', '/api/v1/settings/content-types/products', {
      token,
      body: { name: 'Products', kind: 'product', properties: [] },
    });
    expect(put.status).toBe(201);
    const funnel = await api.call<{ id: string }>('POST', '/api/v1/settings/funnels', {
      token,
      body: { contentType: 'products', name: 'ERP', endpointUrl: 'erp', mappings: [] },
    });
    expect(funnel.status).toBe(201);
    const sync = await api.call<{ syncId: string }>('POST', '/api/v1/funnels/erp/syncs', { token });
    expect(sync.status).toBe(201);
    params.syncId = sync.body.syncId;
    const redrive = await api.call<{ redriveId: string }>('POST', '/api/v1/funnels/erp/redrives', {
      token,
      body: { since: '2024-05-01T00:00:00Z' },
    });
    expect(redrive.status).toBe(202);
    params.redriveId = redrive.body.redriveId;
    const exp = await api.call<{ id: string }>('POST', '/api/v1/settings/exports', {
      token,
      body: { name: 'ERP', url: 'https://hooks.example.com/in', contentTypes: ['products'] },
    });
    expect(exp.status).toBe(201);
    params.exportId = exp.body.id;
    const at = new Date('2024-05-01T10:00:00.000Z');
    const item: ItemDocument = {
      _id: documentId('acme', 'products', 'A-1'),
      tenant: 'acme',
      contentType: 'products',
      identifier: 'A-1',
      identifierLower: 'a-1',
      name: 'A-1',
      image: null,
      parent: null,
      properties: {},
      createdAt: at,
      updatedAt: at,
      receivedAt: at,
      sequence: 1,
      version: 1,
      funnelId: funnel.body.id,
    };
    await api.context.db.items.insertOne(item);
    const record: HistoryDocument = {
      _id: documentId('acme', 'r-1'),
      recordId: 'r-1',
      tenant: 'acme',
      funnelId: funnel.body.id,
      endpointUrl: 'erp',
      requestId: 'x-1',
      method: 'POST',
      receivedAt: at,
      sequence: 1,
      bodyFormat: 'json',
      finishedAt: at,
      durationMs: 1,
      status: 'success',
      httpStatus: 200,
      itemCount: 1,
      message: '',
      errors: [],
      successIds: ['A-1'],
      deletedIds: [],
      notFoundIds: [],
      resolved: [],
      identifiers: ['A-1'],
      identifierCount: 1,
      parts: 0,
      payload: '[]',
      payloadTruncated: false,
      storedPayload: null,
      tokenId: null,
      dryRun: false,
      expiresAt: new Date(Date.now() + 86_400_000),
    };
    const [stored] = await new HistoryPayloadsRepository(api.context.db).keep([
      { record, raw: Buffer.from(record.payload), expiresAt: record.expiresAt },
    ]);
    await api.context.db.history.insertOne({ ...record, storedPayload: stored ?? null });
    api.context.mongo.getClient().on('commandStarted', (event) => {
      const query = sentQuery(event.command);
      if (query) sent.push(query);
    });
  });
  afterAll(() => api.close());

  it('when the engine holds the service’s indexes, then each named read has one with the tenant first that serves its filter and sort', async () => {
    const unserved: string[] = [];
    for (const shape of SERVICE_READS) {
      const collection = api.context.db[shape.collection];
      const indexes = (await collection.listIndexes().toArray()) as ListedIndex[];
      if (indexServing(shape, indexes) === null)
        unserved.push(`${shape.collection}: ${shape.read}`);
    }
    expect(unserved).toEqual([]);
  });

  it('when every GET route is called with each of its filters, then each query it sends is a named read', async () => {
    const routes = servedRoutes(api.app, ['/api/v1'])
      .filter(({ methods }) => methods.includes('get'))
      .map(({ path }) => path)
      .filter((path) => path.startsWith('/api/v1/'))
      .filter((path) => !NO_READS.some((pattern) => pattern.test(path)));
    expect(routes.filter((path) => ROUTE_CALLS[path] === undefined)).toEqual([]);

    const strays: string[] = [];
    const seen = new Set<ReadShape>();
    for (const route of routes) {
      for (const call of ROUTE_CALLS[route] ?? []) {
        const query = typeof call === 'string' ? call : '';
        const values = { ...params, ...(typeof call === 'string' ? {} : call) };
        const path = route
          .replace('/settings/exports/{id}', `/settings/exports/${values.exportId}`)
          .replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? ''));
        sent.length = 0;
        const response = await api.call('GET', `${path}${query}`, { token });
        expect([200, `${path}${query}`]).toEqual([response.status, `${path}${query}`]);
        for (const read of sent) {
          const shapes = SERVICE_READS.filter((shape) =>
            isShapeOf(read, collectionName(shape), shape),
          );
          for (const shape of shapes) seen.add(shape);
          const named = shapes.length > 0;
          const byId = Object.keys(read.filter).every((field) => field === '_id');
          if (!named && !byId) strays.push(`${path}${query}: ${JSON.stringify(read)}`);
        }
      }
    }
    expect(strays).toEqual([]);
    // Each read named after a route was sent by it: the names say where the reads are.
    const routeReads = SERVICE_READS.filter((shape) => shape.read.startsWith('GET '));
    expect(routeReads.filter((shape) => !seen.has(shape)).map((shape) => shape.read)).toEqual([]);
  });
});

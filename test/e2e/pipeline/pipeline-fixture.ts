/**
 * The deployment the pipeline's end-to-end tests share per file: an API (in the test process, on
 * its own database and queue prefix) and one worker, both in the test process, a tenant with a token holding
 * every right, and helpers that create a fresh content type and funnel per test so that tests of
 * one file never see each other's items.
 */
import type { ItemDocument } from '../../../core/items/item';
import type { HistoryView } from '../../../core/history/history-record';
import type { ApiConfig } from '../../../core/platform/config';
import {
  startTestApi,
  type CallOptions,
  type CallResult,
  type TestApi,
} from '../../support/api-harness';
import { bearer, resultOf, typedApi } from '../../support/typed-api';
import { startTestWorker, type TestWorker } from '../../support/worker-harness';
import type { paths } from '../../../packages/sender/src/service/openapi-paths';

/** The funnel endpoint's answer (docs/api-behaviour.md#the-envelope). */
export interface Envelope {
  status: 'success' | 'error';
  message: string;
  errors?: Record<string, Record<string, string>>;
  data?: {
    successIds?: string[];
    deletedIds?: string[];
    notFoundIds?: string[];
    requestId?: string;
  };
}

/** An item as `GET /content-types/{key}/items/{identifier}` shows it. */
export interface ItemView {
  identifier: string;
  name: string | null;
  image: string | null;
  parent: string | null;
  properties: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface PropertyBody {
  key: string;
  label: string;
  type: string;
  multiple?: boolean;
  contentType?: string;
  options?: string[];
}

interface MappingBody {
  source: string;
  target: { system: string } | { property: string };
  optional?: boolean;
  lazy?: boolean;
}

export interface ScenarioOptions {
  kind?: 'product' | 'generic';
  properties?: PropertyBody[];
  /** Default: `sku` -> identifier, `title` -> name (product) or `name` -> name (generic). */
  mappings?: MappingBody[];
  active?: boolean;
  partialValidation?: boolean;
  /** Key of the content type; a fresh one by default. */
  contentType?: string;
}

/** A content type and a funnel on it, made for one test. */
export interface Scenario {
  contentType: string;
  url: string;
}

interface SendOptions extends Omit<CallOptions, 'token'> {
  token?: string;
  dryRun?: boolean;
  /** The full sync the request is part of (`?sync=`). */
  sync?: string;
}

export interface Pipeline {
  api: TestApi;
  worker: TestWorker;
  token: string;
  tokenId: string;
  /** A unique lower-case name with `prefix`, for content types and funnels. */
  fresh(prefix: string): string;
  putContentType(key: string, body: Record<string, unknown>): Promise<void>;
  createFunnel(body: Record<string, unknown>): Promise<void>;
  scenario(options?: ScenarioOptions): Promise<Scenario>;
  post(url: string, body: unknown, options?: SendOptions): Promise<CallResult<Envelope>>;
  remove(url: string, body: unknown, options?: SendOptions): Promise<CallResult<Envelope>>;
  send(method: string, url: string, options?: SendOptions): Promise<CallResult<Envelope>>;
  /** The item through the API, or null on 404. */
  item(contentType: string, identifier: string): Promise<ItemView | null>;
  /** Every item of a content type through the API, in identifier order. */
  items(contentType: string): Promise<ItemView[]>;
  /** Every stored item document of the whole database, in `_id` order. */
  store(): Promise<ItemDocument[]>;
  history(url: string, requestId: string): Promise<HistoryView>;
  /**
   * Log lines that tell of a server error so far: API responses of 500 and more, and worker jobs
   * that failed (which the API would answer with 503). Empty while the pipeline never broke.
   */
  serverErrors(): Record<string, unknown>[];
  close(): Promise<void>;
}

const FUNNEL = '/api/v1/funnels/{endpointUrl}';
type BodyOf<Operation> = Operation extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/**
 * A funnel call's options for the typed client: the path, the query, the headers, maybe another
 * token. The body is any JSON, as the document's type: the bad-input tests send what it refuses.
 */
function funnelInit<Method extends 'post' | 'delete'>(
  url: string,
  body: unknown,
  options: SendOptions,
) {
  const { dryRun, sync, token, headers } = options;
  return {
    params: {
      path: { endpointUrl: url },
      query: { ...(dryRun ? { dryRun: 'true' as const } : {}), ...(sync ? { sync } : {}) },
    },
    headers: { ...headers, ...(token ? bearer(token) : {}) },
    body: body as BodyOf<paths[typeof FUNNEL][Method]>,
  };
}

const PRODUCT_PROPERTIES: PropertyBody[] = [
  { key: 'color', label: 'Color', type: 'text' },
  { key: 'price', label: 'Price', type: 'number' },
];

export async function startPipeline(
  label: string,
  overrides: Partial<Record<keyof ApiConfig, string>> = {},
): Promise<Pipeline> {
  const api = await startTestApi(label, overrides);
  let worker: TestWorker;
  try {
    worker = await startTestWorker(api.env);
  } catch (error) {
    await api.close();
    throw error;
  }
  const { token, tokenId } = await api.bootstrap('acme');
  let counter = 0;

  const expectStatus = (response: CallResult<unknown>, expected: number[], what: string) => {
    if (!expected.includes(response.status)) {
      throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
    }
  };

  const client = typedApi(api.baseUrl, token);

  /** Malformed bodies (`rawBody`) go untyped, on purpose; every other funnel call is typed. */
  const send = (method: string, url: string, options: SendOptions = {}) => {
    const { dryRun, sync, token: asToken, ...rest } = options;
    const params = new URLSearchParams({
      ...(dryRun ? { dryRun: 'true' } : {}),
      ...(sync ? { sync } : {}),
    }).toString();
    const query = params ? `?${params}` : '';
    return api.call<Envelope>(method, `/api/v1/funnels/${url}${query}`, {
      ...rest,
      token: asToken ?? token,
    });
  };

  const pipeline: Pipeline = {
    api,
    worker,
    token,
    tokenId,
    fresh: (prefix) => `${prefix}-${++counter}`,
    async putContentType(key, body) {
      const response = await resultOf(
        client.PUT('/api/v1/settings/content-types/{key}', {
          params: { path: { key } },
          body: body as BodyOf<paths['/api/v1/settings/content-types/{key}']['put']>,
        }),
      );
      expectStatus(response, [200, 201], `PUT content type ${key}`);
    },
    async createFunnel(body) {
      const response = await resultOf(
        client.POST('/api/v1/settings/funnels', {
          body: body as BodyOf<paths['/api/v1/settings/funnels']['post']>,
        }),
      );
      expectStatus(response, [201], 'POST funnel');
    },
    async scenario(options = {}) {
      const kind = options.kind ?? 'product';
      const contentType = options.contentType ?? pipeline.fresh(kind === 'product' ? 'p' : 'g');
      if (options.contentType === undefined) {
        await pipeline.putContentType(contentType, {
          name: contentType,
          kind,
          properties: options.properties ?? PRODUCT_PROPERTIES,
        });
      }
      const url = pipeline.fresh('f');
      await pipeline.createFunnel({
        contentType,
        name: url,
        endpointUrl: url,
        active: options.active ?? true,
        partialValidation: options.partialValidation ?? false,
        mappings: options.mappings ?? [
          { source: 'sku', target: { system: 'identifier' } },
          { source: kind === 'product' ? 'title' : 'name', target: { system: 'name' } },
        ],
      });
      return { contentType, url };
    },
    post: (url, body, options = {}) =>
      resultOf<Envelope>(client.POST(FUNNEL, funnelInit<'post'>(url, body, options))),
    remove: (url, body, options = {}) =>
      resultOf<Envelope>(client.DELETE(FUNNEL, funnelInit<'delete'>(url, body, options))),
    send,
    async item(contentType, identifier) {
      const response = await resultOf<ItemView>(
        client.GET('/api/v1/content-types/{key}/items/{identifier}', {
          params: { path: { key: contentType, identifier } },
        }),
      );
      if (response.status === 404) return null;
      expectStatus(response, [200], `GET item ${identifier}`);
      return response.body;
    },
    async items(contentType) {
      const all: ItemView[] = [];
      let cursor: string | null = null;
      do {
        const response: CallResult<{ items: ItemView[]; nextCursor: string | null }> =
          await resultOf(
            client.GET('/api/v1/content-types/{key}/items', {
              params: {
                path: { key: contentType },
                query: { limit: 100, ...(cursor ? { cursor } : {}) },
              },
            }),
          );
        expectStatus(response, [200], `GET items of ${contentType}`);
        all.push(...response.body.items);
        cursor = response.body.nextCursor;
      } while (cursor !== null);
      return all;
    },
    store: () => api.context.db.items.find({}).sort({ _id: 1 }).toArray(),
    async history(url, requestId) {
      const response = await resultOf<HistoryView>(
        client.GET('/api/v1/funnels/{endpointUrl}/history/{requestId}', {
          params: { path: { endpointUrl: url, requestId } },
        }),
      );
      expectStatus(response, [200], `GET history ${requestId}`);
      return response.body;
    },
    serverErrors: () => [
      ...api.logLines.filter((line) => typeof line.status === 'number' && line.status >= 500),
      ...worker.lines.filter((line) => line.msg === 'job failed' || line.level === 'error'),
    ],
    async close() {
      await worker.stop();
      await api.close();
    },
  };
  return pipeline;
}

/** The request id a funnel call was answered under (its `X-Request-Id`). */
export function requestIdOf(response: Pick<CallResult<unknown>, 'headers'>): string {
  const id = response.headers.get('x-request-id');
  if (!id) throw new Error('the response has no X-Request-Id');
  return id;
}

/** The identifiers of items, for comparing a content type's contents. */
export const identifiers = (items: readonly ItemView[]): string[] =>
  items.map((item) => item.identifier);

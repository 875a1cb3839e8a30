/**
 * The service's HTTP API through the typed client of the sender's package: openapi-fetch over the
 * types written from the OpenAPI document (packages/sender/src/service/openapi-paths.ts). A test
 * helper that calls a path, a query parameter or a body the document no longer has does not
 * compile. Malformed requests, on purpose, go through the untyped `call` of api-harness.ts.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../packages/sender/src/service/openapi-paths';
import type { CallResult } from './api-harness';

export type TypedApi = Client<paths>;

export function typedApi(baseUrl: string, token: string): TypedApi {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
}

/** Another token's Authorization, for one call. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An answer as the untyped harness gives it: the JSON body, success or not (null when empty). */
export async function resultOf<T>(
  exchange: Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<CallResult<T>> {
  const { data, error, response } = await exchange;
  const body = data ?? (error === '' ? undefined : error) ?? null;
  return { status: response.status, headers: response.headers, body: body as T };
}

/**
 * The benchmark's tenant and its funnel: a token from core/auth/bootstrap.ts, then the content
 * type and the funnel made through the settings API, as a user would (README "Using it").
 */
import type { Connection } from 'mongoose';
import { bootstrapTenant } from '../core/auth/bootstrap';
import { collections } from '../core/storage/collections';
import { assertSuccess, postItems } from './client';
import { CONTENT_TYPE_BODY, funnelBody, makeItems, runId } from './workload';

export interface Target {
  baseUrl: string;
  tenant: string;
  token: string;
  contentType: string;
  endpointUrl: string;
  /** The funnel's stable id, which the items it writes carry. */
  funnelId: string;
}

export const TENANT = 'bench';
const CONTENT_TYPE = 'bench-products';
const ENDPOINT_URL = 'bench-products';

/** Sends a settings call; answers its status, throwing on any other failure than `allowed`. */
async function call(
  url: string,
  token: string,
  method: string,
  body: unknown,
  allowed: number[] = [],
): Promise<number> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok && !allowed.includes(response.status)) {
    throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  }
  return response.status;
}

export async function prepareTarget(
  mongo: Connection,
  baseUrl: string,
  jwtSecret: string,
  tenant = TENANT,
): Promise<Target> {
  const { token } = await bootstrapTenant(collections(mongo), jwtSecret, {
    tenant,
    email: `bench@${tenant}.test`,
    tokenName: 'bench',
  });
  const api = `${baseUrl}/api/v1`;
  await call(`${api}/settings/content-types/${CONTENT_TYPE}`, token, 'PUT', CONTENT_TYPE_BODY);
  const funnel = funnelBody(CONTENT_TYPE, ENDPOINT_URL);
  // A second stack on the same database (the profiling pass) finds the funnel there already.
  const created = await call(`${api}/settings/funnels`, token, 'POST', funnel, [409]);
  if (created === 409) await call(`${api}/settings/funnels/${ENDPOINT_URL}`, token, 'PUT', funnel);
  const target = {
    funnelId: await funnelIdOf(`${api}/settings/funnels/${ENDPOINT_URL}`, token),
    baseUrl,
    tenant,
    token,
    contentType: CONTENT_TYPE,
    endpointUrl: ENDPOINT_URL,
  };
  // One item, alone, as a content type in use has had: see bench/store-reset.ts.
  const [item] = makeItems(`prime-${runId()}`, 1);
  assertSuccess(
    await postItems(funnelUrl(target), token, JSON.stringify(item)),
    'the priming request',
  );
  return target;
}

async function funnelIdOf(url: string, token: string): Promise<string> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/** The URL items are POSTed to. */
export function funnelUrl(target: Target): string {
  return `${target.baseUrl}/api/v1/funnels/${target.endpointUrl}`;
}

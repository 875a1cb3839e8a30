/**
 * A tenant's content type and funnel, made through the settings API as a user would (README
 * "Using it"), and primed by one item sent alone.
 */
import { assertSuccess, postItems } from '../measure/client';
import {
  CONTENT_TYPE,
  CONTENT_TYPE_BODY,
  ENDPOINT_URL,
  funnelBody,
  makeItems,
  runId,
} from '../workload';

export interface Target {
  tenant: string;
  token: string;
  contentType: string;
  /** Where its items are POSTed. */
  funnelUrl: string;
  /** The API's base URL, for settings calls. */
  baseUrl: string;
}

async function call(url: string, token: string, method: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
}

export async function createTarget(
  baseUrl: string,
  tenant: string,
  token: string,
): Promise<Target> {
  const settings = `${baseUrl}/api/v1/settings`;
  await call(`${settings}/content-types/${CONTENT_TYPE}`, token, 'PUT', CONTENT_TYPE_BODY);
  await call(`${settings}/funnels`, token, 'POST', funnelBody(CONTENT_TYPE, ENDPOINT_URL));
  const target: Target = {
    tenant,
    token,
    contentType: CONTENT_TYPE,
    funnelUrl: `${baseUrl}/api/v1/funnels/${ENDPOINT_URL}`,
    baseUrl,
  };
  // The first request to a content type creates its statistics document; alone, it never races.
  const [item] = makeItems(`prime-${runId()}`, 1);
  assertSuccess(await postItems(target.funnelUrl, token, JSON.stringify(item)), 'priming');
  return target;
}

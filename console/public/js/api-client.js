/**
 * Reads the JSON API as the console is signed in: with the token as `Authorization: Bearer`, or,
 * for a person signed in with a password, with the session cookie (sent by the browser, same
 * origin only) and, on every change, the header the API asks of the cookie's changes. Every
 * failure becomes an ApiError whose message is the API's own
 * (`{"status":"error","message":...}`), so that pages show what the API said rather than a bare
 * status code.
 */
/* global document, fetch, URL */
import { currentToken } from './session.js';

/** /api/v1/, found from the page's address so that a path prefix in front of the API works. */
const API_BASE = new URL('../api/v1/', document.baseURI);

export class ApiError extends Error {
  /**
   * `status` 0: the API did not answer. `fields`: what a 422 or 409 names, field -> message.
   * A 412 (the resource changed since it was read) carries `current`, the resource as it is
   * now, and `etag`, its version.
   */
  constructor(status, message, fields = {}, { current = null, etag = null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.current = current;
    this.etag = etag;
  }
}

/** The API's message, with the fields a 422 names (`errors`: field -> message). */
export async function errorOf(response) {
  const body = await response.json().catch(() => null);
  const message = typeof body?.message === 'string' ? body.message : response.statusText;
  const fields = body?.errors && typeof body.errors === 'object' ? Object.entries(body.errors) : [];
  const details = fields.map(([field, problem]) => `${field}: ${String(problem)}`).join('; ');
  const named = Object.fromEntries(fields.map(([field, problem]) => [field, String(problem)]));
  const version = { current: body?.current ?? null, etag: response.headers.get('ETag') };
  return new ApiError(
    response.status,
    details ? `${message} (${details})` : message,
    named,
    version,
  );
}

/** Path segments from data (endpoint URLs, request ids) are always encoded. */
export const apiPaths = {
  session: () => 'session',
  sessions: () => 'sessions',
  acceptInvitation: () => 'invitations/accept',
  userInvitation: (id) => `settings/users/${encodeURIComponent(id)}/invitation`,
  funnels: () => 'settings/funnels',
  funnel: (url) => `settings/funnels/${encodeURIComponent(url)}`,
  history: (url) => `funnels/${encodeURIComponent(url)}/history`,
  funnelPaths: () => 'settings/suggested-paths',
  me: () => 'settings/me',
  contentTypes: () => 'settings/content-types',
  contentType: (key) => `settings/content-types/${encodeURIComponent(key)}`,
  tokens: () => 'settings/tokens',
  token: (id) => `settings/tokens/${encodeURIComponent(id)}`,
  users: () => 'settings/users',
  user: (id) => `settings/users/${encodeURIComponent(id)}`,
  request: (url, requestId) =>
    `funnels/${encodeURIComponent(url)}/history/${encodeURIComponent(requestId)}`,
  replay: (url, recordId) =>
    `funnels/${encodeURIComponent(url)}/history/${encodeURIComponent(recordId)}/replay`,
  rejected: (url, recordId) =>
    `funnels/${encodeURIComponent(url)}/history/${encodeURIComponent(recordId)}/rejected`,
  redrives: (url) => `funnels/${encodeURIComponent(url)}/redrives`,
  redrive: (url, redriveId) =>
    `funnels/${encodeURIComponent(url)}/redrives/${encodeURIComponent(redriveId)}`,
  funnelPreview: () => 'settings/funnel-preview',
  exports: () => 'settings/exports',
  export: (id) => `settings/exports/${encodeURIComponent(id)}`,
  exportAction: (id, action) => `settings/exports/${encodeURIComponent(id)}/${action}`,
  deliveries: (id) => `settings/exports/${encodeURIComponent(id)}/deliveries`,
  retryDelivery: (id, deliveryId) =>
    `settings/exports/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
};

/**
 * The headers of a call: the token's `Authorization` when signed in with one, and for a change
 * the console's header, without which the API refuses a change made with the session cookie.
 */
function headersFor(method, token) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET' && method !== 'HEAD') headers['X-Funnel-Sync-Console'] = '1';
  return headers;
}

/**
 * GET a path below /api/v1. `query` values that are undefined, null or '' are left out; `token`
 * defaults to the signed-in one.
 */
export async function apiGet(path, options = {}) {
  return (await apiGetVersioned(path, options)).body;
}

/** GET, with the resource's version (`ETag`) that a later change names in `If-Match`. */
export async function apiGetVersioned(path, { query = {}, signal, token = currentToken() } = {}) {
  const url = new URL(path, API_BASE);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, value);
  }
  let response;
  try {
    response = await fetch(url, {
      headers: headersFor('GET', token),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The API did not answer: check the connection and try again.');
  }
  if (!response.ok) throw await errorOf(response);
  return { body: await response.json(), etag: response.headers.get('ETag') };
}

/**
 * POST, PUT, PATCH or DELETE with a JSON body; the answer's JSON, or null for a 204. `ifMatch`:
 * the version the change was made against (a 412 when the resource is at another one);
 * `ifNoneMatch: '*'`: only if it does not exist yet.
 */
export async function apiSend(method, path, body, options = {}) {
  return (await apiSendVersioned(method, path, body, options)).body;
}

/** apiSend, with the version (`ETag`) the change left the resource at. */
export async function apiSendVersioned(
  method,
  path,
  body,
  { signal, token = currentToken(), ifMatch, ifNoneMatch } = {},
) {
  const headers = headersFor(method, token);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (ifMatch) headers['If-Match'] = ifMatch;
  if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
  let response;
  try {
    response = await fetch(new URL(path, API_BASE), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The API did not answer: check the connection and try again.');
  }
  if (!response.ok) throw await errorOf(response);
  const answer = response.status === 204 ? null : await response.json();
  return { body: answer, etag: response.headers.get('ETag') };
}

/**
 * Replays a recorded request. Its answer is a funnel request's: a 422 (items refused) is an
 * answer, not a failure. Returns the status, the envelope and the new record's id (`Location`).
 */
export async function apiReplay(url, recordId, { signal, token = currentToken() } = {}) {
  let response;
  try {
    response = await fetch(new URL(apiPaths.replay(url, recordId), API_BASE), {
      method: 'POST',
      headers: headersFor('POST', token),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The API did not answer: check the connection and try again.');
  }
  if (!response.ok && response.status !== 422) throw await errorOf(response);
  const location = response.headers.get('Location') ?? '';
  const newRecordId = decodeURIComponent(location.split('/').pop() ?? '');
  return { httpStatus: response.status, envelope: await response.json(), newRecordId };
}

/**
 * GETs a file the API offers as an attachment, as the console is signed in (a link would not
 * carry a token): its bytes and the file name `Content-Disposition` gives, else `fallbackName`.
 */
export async function apiDownload(path, fallbackName, { token = currentToken() } = {}) {
  let response;
  try {
    response = await fetch(new URL(path, API_BASE), {
      headers: { ...headersFor('GET', token), Accept: '*/*' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'The API did not answer: check the connection and try again.');
  }
  if (!response.ok) throw await errorOf(response);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), name };
}

/**
 * Carries the sign-in to the queue dashboard (/admin/queues), which a browser opens as a page and
 * so cannot send an Authorization header to: POST /console/session with the token answers with an
 * HttpOnly cookie that only /admin receives (api/console/console-session.ts). It is asked for when
 * the dashboard is opened, so it is fresh then, and dropped at sign-out.
 */
/* global document, fetch, URL */
import { ApiError, errorOf } from './api-client.js';

const SESSION_URL = new URL('session', document.baseURI);

export async function openDashboardSession(token) {
  let response;
  try {
    response = await fetch(SESSION_URL, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch {
    throw new ApiError(0, 'The API did not answer: check the connection and try again.');
  }
  if (!response.ok) throw await errorOf(response);
}

/** Best effort: a sign-out goes on when the API does not answer. */
export async function closeDashboardSession() {
  await fetch(SESSION_URL, { method: 'DELETE' }).catch(() => undefined);
}

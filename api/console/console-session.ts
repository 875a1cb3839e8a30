/**
 * Carries the console's sign-in to the queue dashboard (`/admin/queues`). A browser cannot add an
 * Authorization header to a page it navigates to, so `POST /console/session`, called by the
 * console with its token as a header, answers with a cookie that holds that token:
 * - HttpOnly: no script, the console's included, can read it;
 * - SameSite=Strict: no request started from another site carries it (no cross-site forgery of
 *   the dashboard's retry and remove actions);
 * - Path=/admin: only the dashboard receives it, never the JSON API;
 * - Secure when the console was reached over https; it lasts an hour at most.
 * The dashboard's guard takes the cookie in place of a missing header and authenticates it in full
 * on every request, so expiry, revocation and a removed permission hold as they do for a header.
 * `DELETE /console/session` (sign-out) clears it. The token is never logged.
 */
import { Router, type CookieOptions, type Request, type RequestHandler } from 'express';
import type { Authenticator } from '../../core/auth/authenticator';
import type { AccessRequirement } from '../../core/auth/access';
import { requireAccess } from '../middleware/require-access';

export const SESSION_COOKIE = 'funnel_sync_console';
/** Where the cookie goes: the dashboard (operations.routes.ts, DASHBOARD_PATH) and nothing else. */
const SESSION_PATH = '/admin';
const SESSION_MAX_AGE_MS = 60 * 60 * 1000;
/** What the dashboard asks of a viewer; the session is only handed to a token that has it. */
const DASHBOARD_ACCESS: AccessRequirement = { ability: 'read', permission: 'manage_settings' };
/** A JWT: three base64url parts. Anything else in the cookie is ignored, never echoed. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Secure when the browser is on https: the socket says so when TLS ends here; behind a proxy that
 * ends TLS (trust proxy is off) the console's own `Origin` says so.
 */
function cookieOptions(req: Request): CookieOptions {
  const secure = req.secure || (req.get('origin') ?? '').startsWith('https://');
  return { httpOnly: true, sameSite: 'strict', secure, path: SESSION_PATH };
}

/** The token of a `Bearer` header, parsed as the authenticator does. */
function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
}

/** One cookie's value from a `Cookie` header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim();
    }
  }
  return undefined;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export function consoleSessionRoutes(auth: Authenticator): Router {
  const router = Router();
  // 401 or 403 (with WWW-Authenticate) unless the header's token may view the dashboard.
  router.post('/console/session', noStore, requireAccess(auth, DASHBOARD_ACCESS), (req, res) => {
    const token = bearerToken(req.get('authorization')) ?? '';
    res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_MAX_AGE_MS });
    res.status(204).end();
  });
  // No token needed: forgetting a cookie harms no one.
  router.delete('/console/session', noStore, (req, res) => {
    res.clearCookie(SESSION_COOKIE, cookieOptions(req));
    res.status(204).end();
  });
  return router;
}

/**
 * For the dashboard's guard, before it authenticates: the session cookie stands in for a missing
 * Authorization header. A header, when sent, wins.
 */
export const sessionCookieAsBearer: RequestHandler = (req, _res, next) => {
  if (!req.headers.authorization) {
    const token = cookieValue(req.headers.cookie, SESSION_COOKIE);
    if (token && TOKEN_SHAPE.test(token)) req.headers.authorization = `Bearer ${token}`;
  }
  next();
};

/**
 * The one place where access rules are applied (docs/access.md#abilities-and-permissions): each
 * route declares the ability (and permission) it needs; this middleware answers 401 or 403 with
 * `WWW-Authenticate`, or sets `req.principal` and lets the request through. A console session
 * (its cookie) authenticates as a Bearer token does (docs/access.md#sessions).
 */
import type { Request, RequestHandler } from 'express';
import { ABILITY_BY_METHOD, type AccessRequirement, type Permission } from '../../core/auth/access';
import { isAuthFailure, type Authenticator, type Principal } from '../../core/auth/authenticator';
import { withLogContext } from '../../core/platform/log-context';
import { inSpan } from '../../core/platform/tracing/spans';
import { HttpError } from '../http/http-error';
import { identityOf } from '../http/request-identity';
import { CONSOLE_HEADER, consoleHeaderRefusal, lacksConsoleHeader } from './console-request';

declare module 'express-serve-static-core' {
  interface Request {
    principal: Principal;
  }
}

function challenge(status: 401 | 403, error: string, message: string): HttpError {
  return new HttpError(status, message, { 'WWW-Authenticate': `Bearer error="${error}"` });
}

/**
 * Who the request is: its Bearer token, or else its console session cookie. A change made with
 * the cookie must carry the console's header (console-request.ts), else 403.
 */
async function identify(auth: Authenticator, req: Request): Promise<Principal> {
  const identity = await identityOf(auth, req);
  if (isAuthFailure(identity)) throw challenge(identity.status, identity.error, identity.message);
  if (identity.via === 'session' && lacksConsoleHeader(req.method, req.get(CONSOLE_HEADER))) {
    throw consoleHeaderRefusal();
  }
  return identity;
}

export function requireAccess(auth: Authenticator, requirement: AccessRequirement): RequestHandler {
  return async (req, res, next) => {
    const identity = await inSpan('authenticate', {}, () => identify(auth, req));
    // Known even when the next check refuses: the funnel metrics label a 403 by its tenant.
    res.locals.authenticatedTenant = identity.tenant;
    const refusal = auth.authorize(identity, requirement);
    if (refusal) throw challenge(refusal.status, refusal.error, refusal.message);
    req.principal = identity;
    withLogContext({ tenant: identity.tenant, tokenId: identity.tokenId }, next);
  };
}

/** Any valid token, whatever it may do: for a caller asking what it is allowed. */
export function requireIdentity(auth: Authenticator): RequestHandler {
  return async (req, _res, next) => {
    const identity = await identify(auth, req);
    req.principal = identity;
    withLogContext({ tenant: identity.tenant, tokenId: identity.tokenId }, next);
  };
}

/** For settings routes: the ability follows the method (GET read, POST create, ...). */
export function requireAccessByMethod(auth: Authenticator, permission: Permission): RequestHandler {
  return (req, res, next) => {
    const ability = ABILITY_BY_METHOD[req.method] ?? 'update';
    return requireAccess(auth, { ability, permission })(req, res, next);
  };
}

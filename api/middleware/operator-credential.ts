/**
 * Guards the operators' pages with their own credential from the environment, never a tenant's
 * token: HTTP Basic for the queue dashboard (a browser asks for it by itself), a Bearer token for
 * /metrics (what Prometheus sends). A refusal is a 401 with the challenge of its scheme.
 */
import type { RequestHandler } from 'express';
import { HttpError } from '../http/http-error';
import { sameSecret } from '../http/same-secret';

/** user:password of a `Basic` header, or undefined when the header is not one. */
function basicCredential(header: string | undefined): [string, string] | undefined {
  const encoded = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

export function requireBasicCredential(
  realm: string,
  user: string,
  password: string,
): RequestHandler {
  const challenge = { 'WWW-Authenticate': `Basic realm="${realm}", charset="UTF-8"` };
  return (req, _res, next) => {
    const [givenUser, givenPassword] = basicCredential(req.get('authorization')) ?? ['', ''];
    // Both compared every time: which of the two was wrong does not show in the time taken.
    const userMatches = sameSecret(givenUser, user);
    const passwordMatches = sameSecret(givenPassword, password);
    if (!userMatches || !passwordMatches) {
      throw new HttpError(401, `The ${realm} needs the operator's credential`, challenge);
    }
    next();
  };
}

export function requireBearerSecret(what: string, secret: string): RequestHandler {
  const challenge = { 'WWW-Authenticate': 'Bearer error="invalid_token"' };
  return (req, _res, next) => {
    const given = /^Bearer +(\S+) *$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
    if (!sameSecret(given, secret)) {
      throw new HttpError(401, `${what} needs the operator's token`, challenge);
    }
    next();
  };
}

/**
 * Who a request's credentials name, asked once per request: its Bearer token, else its console
 * session cookie. The read limit and the access check both need it; a session's lookup reads the
 * database, so the second asks the first's answer.
 */
import type { Request } from 'express';
import type { AuthFailure, Authenticator, Principal } from '../../core/auth/authenticator';
import { sessionSecretOf } from './session-cookie';

const asked = new WeakMap<Request, Promise<Principal | AuthFailure>>();

export function identityOf(auth: Authenticator, req: Request): Promise<Principal | AuthFailure> {
  let identity = asked.get(req);
  if (!identity) {
    identity = auth.authenticateRequest({
      authorization: req.get('authorization'),
      sessionSecret: sessionSecretOf(req),
    });
    asked.set(req, identity);
  }
  return identity;
}

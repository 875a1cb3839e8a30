/**
 * People's console sessions (docs/access.md#sessions): `POST /session` signs in with tenant,
 * e-mail and password and sets the session cookie; `DELETE /session` signs this session out;
 * `DELETE /sessions` ends every session of the caller's user. Sign-in and sign-out need the
 * console's header, as every change made with the cookie does.
 */
import { Router } from 'express';
import { signIn } from '../../core/auth/sign-in';
import type { ApiContext } from '../context';
import { HttpError } from '../http/http-error';
import { clearSessionCookie, sessionSecretOf, setSessionCookie } from '../http/session-cookie';
import { parseOrThrow } from '../http/validate';
import { requireConsoleHeader } from '../middleware/console-request';
import { jsonBody } from '../middleware/json-body';
import { requireIdentity } from '../middleware/require-access';
import { signInBodySchema, type signedInSchema } from './session-bodies';
import type { z } from 'zod';
import '../openapi/session-paths';

const WRONG_CREDENTIALS = 'The tenant, e-mail or password is not right';
const SIGN_IN_BUSY = 'Too many sign-ins are under way on this service';

export function sessionRoutes(context: ApiContext): Router {
  const router = Router();
  const { people } = context;

  router.post('/session', requireConsoleHeader, ...jsonBody, async (req, res) => {
    const body = parseOrThrow(signInBodySchema, req.body);
    const outcome = await signIn(
      {
        users: context.users,
        passwords: people.passwords,
        sessions: people.sessions,
        limits: people.signInLimits,
        sessionLimits: people.sessionLimits,
      },
      { ...body, address: req.ip ?? 'unknown' },
    );
    if ('refused' in outcome) {
      if (outcome.refused === 'wrong_credentials') throw new HttpError(401, WRONG_CREDENTIALS);
      const seconds = String(Math.max(1, Math.ceil(outcome.retryAfterMs / 1000)));
      if (outcome.refused === 'busy') {
        context.logger.warn('sign-in attempts tracked at their limit (SIGN_IN_MAX_TRACKED)');
        throw new HttpError(503, `${SIGN_IN_BUSY}: try again in ${seconds} seconds`, {
          'Retry-After': seconds,
        });
      }
      context.logger.warn({ tenant: body.tenant }, 'sign-in attempts over the limit');
      throw new HttpError(429, `Too many sign-in attempts: try again in ${seconds} seconds`, {
        'Retry-After': seconds,
      });
    }
    const { secret, session } = outcome.signedIn;
    const user = await context.users.find(session.tenant, session.userId);
    setSessionCookie(req, res, secret, session.endsAt);
    context.logger.info({ tenant: session.tenant, userId: session.userId }, 'signed in');
    const answer: z.infer<typeof signedInSchema> = {
      tenant: session.tenant,
      user: { id: session.userId, email: user?.email ?? body.email, name: user?.name ?? null },
      endsAt: session.endsAt.toISOString(),
    };
    res.status(201).json(answer);
  });

  router.delete('/session', requireConsoleHeader, async (req, res) => {
    const secret = sessionSecretOf(req);
    if (secret) await people.sessions.end(secret);
    clearSessionCookie(req, res);
    res.status(204).end();
  });

  router.delete('/sessions', requireIdentity(context.auth), async (req, res) => {
    const { tenant, userId } = req.principal;
    const ended = await people.sessions.endAllOf(tenant, userId);
    context.logger.info({ tenant, userId, ended }, 'signed out everywhere');
    clearSessionCookie(req, res);
    res.status(204).end();
  });

  return router;
}

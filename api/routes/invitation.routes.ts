/**
 * `POST /invitations/accept`: a person sets their password with the secret of an invitation link
 * (docs/access.md#invitations). Anyone holding the link may; it works once, until it expires.
 */
import { Router } from 'express';
import { acceptInvitation } from '../../core/auth/accept-invitation';
import { looksLikeSecret } from '../../core/auth/secret-token';
import type { ApiContext } from '../context';
import { HttpError, notFound } from '../http/http-error';
import { parseOrThrow } from '../http/validate';
import { requireConsoleHeader } from '../middleware/console-request';
import { jsonBody } from '../middleware/json-body';
import { acceptInvitationBodySchema } from './session-bodies';
import '../openapi/session-paths';

const UNKNOWN = 'This invitation link is not known: check that it was copied whole';

const REFUSALS = {
  expired: 'This invitation link has expired: ask an administrator for a new one',
  used: 'This invitation link was already used: ask an administrator for a new one',
  user_gone: 'The invited user no longer exists or is deactivated',
} as const;

export function invitationRoutes(context: ApiContext): Router {
  const router = Router();
  const { people } = context;
  const turns = context.userTurns;

  router.post('/invitations/accept', requireConsoleHeader, ...jsonBody, async (req, res) => {
    const body = parseOrThrow(acceptInvitationBodySchema, req.body);
    if (!looksLikeSecret(body.secret)) throw notFound(UNKNOWN);
    const outcome = await acceptInvitation(
      {
        users: context.users,
        passwords: people.passwords,
        invitations: people.invitations,
        sessions: people.sessions,
        tokens: context.tokens,
        turns,
      },
      body.secret,
      body.password,
    );
    if ('refused' in outcome) {
      if (outcome.refused === 'unknown') throw notFound(UNKNOWN);
      throw new HttpError(410, REFUSALS[outcome.refused]);
    }
    context.logger.info({ tenant: outcome.accepted.tenant }, 'invitation accepted, password set');
    res.json(outcome.accepted);
  });

  return router;
}

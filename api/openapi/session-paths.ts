/**
 * The OpenAPI description of people's sign-in (docs/access.md#sessions): the session and the
 * acceptance of an invitation, which take no token, and the console session's cookie.
 */
import { z } from 'zod';
import { errorBodySchema, registry } from './registry';
import { ruleRefusal } from './rule-refusal';
import {
  acceptedInvitationSchema,
  acceptInvitationBodySchema,
  signedInSchema,
  signInBodySchema,
} from '../routes/session-bodies';

const consoleSession = registry.registerComponent('securitySchemes', 'consoleSession', {
  type: 'apiKey',
  in: 'cookie',
  name: 'funnel_sync_session',
  description:
    'A console session, set by `POST /session`. Every request authenticated by it that is not ' +
    'a GET must also send `X-Funnel-Sync-Console: 1` (otherwise 403).',
});

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBodySchema } },
});

/** What a JSON body may be refused for before its own checks. */
const bodyErrors = {
  400: error('The body is not valid JSON'),
  413: error('The body is too large'),
  415: error('The body is not `application/json`'),
};

const consoleHeader = z.object({
  'x-funnel-sync-console': z.literal('1').describe('Required: the console sends it (else 403)'),
});

registry.registerPath({
  method: 'post',
  path: '/api/v1/session',
  tags: ['Access'],
  summary: 'Sign in with tenant, e-mail and password; sets the session cookie',
  description:
    'A wrong tenant, e-mail or password gets the same 401; a tenant that is no slug or an e-mail ' +
    'that is no address is a 422, counted nowhere. Attempts are counted per client address (an ' +
    'IPv6 address by its /64) and per account; over the limit the answer is 429 with ' +
    '`Retry-After`. When the service already tracks as many sign-ins as it may ' +
    '(`SIGN_IN_MAX_TRACKED`), an attempt it would have to start tracking is a 503 with `Retry-After`.',
  request: {
    headers: consoleHeader,
    body: { required: true, content: { 'application/json': { schema: signInBodySchema } } },
  },
  responses: {
    201: {
      description: 'Signed in; `Set-Cookie` carries the session (HttpOnly, SameSite=Strict)',
      content: { 'application/json': { schema: signedInSchema } },
    },
    ...bodyErrors,
    401: error('The tenant, e-mail or password is not right'),
    403: error('The console header is missing'),
    422: error('The body is not valid'),
    429: error('Too many attempts; `Retry-After` says how many seconds to wait'),
    503: error('Too many sign-ins tracked at once; `Retry-After` says how many seconds to wait'),
  },
});

registry.registerPath({
  method: 'delete',
  path: '/api/v1/session',
  tags: ['Access'],
  summary: 'Sign this console session out and clear its cookie',
  request: { headers: consoleHeader },
  responses: {
    204: { description: 'Signed out (also when there was no session)' },
    403: error('The console header is missing'),
  },
});

registry.registerPath({
  method: 'delete',
  path: '/api/v1/sessions',
  tags: ['Access'],
  summary: "End every console session of the caller's user (sign out everywhere)",
  security: [{ bearerAuth: [] }, { [consoleSession.name]: [] }],
  responses: {
    204: { description: 'Every session of the user ended' },
    401: error('Not signed in'),
    403: error('Signed in with the cookie, without the console header'),
  },
});

registry.registerPath({
  method: 'post',
  path: '/api/v1/invitations/accept',
  tags: ['Access'],
  summary: "Set one's password with an invitation link's secret",
  request: {
    headers: consoleHeader,
    body: {
      required: true,
      content: { 'application/json': { schema: acceptInvitationBodySchema } },
    },
  },
  responses: {
    200: {
      description: 'The password is set; the person signs in with it',
      content: { 'application/json': { schema: acceptedInvitationSchema } },
    },
    ...bodyErrors,
    403: error('The console header is missing'),
    404: error('The invitation is not known'),
    410: ruleRefusal(error('The invitation expired or was used, or its user is gone')),
    422: ruleRefusal(
      error(
        'The password breaks the rule: at least 12 characters, 5 of them different, not a common one',
      ),
    ),
  },
});

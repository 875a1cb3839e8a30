/**
 * `POST /settings/users/{id}/invitation`: a one-time link for the user to set a password
 * (docs/access.md#invitations). Setting someone's password is taking their place, so the caller
 * must hold every permission of that user, as for any change of it.
 */
import { Router } from 'express';
import { z } from 'zod';
import { permissionsBeyond } from '../../../core/auth/grants';
import { invitationLink, invitationPath } from '../../../core/auth/invitation-link';
import type { ApiContext } from '../../context';
import { forbidden, HttpError, notFound } from '../../http/http-error';
import { requireAccess } from '../../middleware/require-access';
import { registerRoute } from '../../openapi/settings-paths';
import { invitationSchema } from '../session-bodies';

registerRoute({
  method: 'post',
  path: '/settings/users/{id}/invitation',
  tags: ['Users'],
  access: 'token ability "create", user permission "manage_settings"',
  description:
    'A new one-time link for the user to set (or reset) a password and sign in to the console. ' +
    'The secret is shown once; the link works once, until `validUntil`. The caller must hold ' +
    'every permission of the user (otherwise 403); a deactivated user gets none (409).',
  request: { params: z.object({ id: z.string() }) },
  responses: {
    201: {
      description: 'The invitation; its secret is shown only now',
      content: { 'application/json': { schema: invitationSchema } },
    },
    404: { description: 'No such user in the tenant' },
    409: { description: 'The user is deactivated' },
  },
});

export function userInvitationRoutes(context: ApiContext): Router {
  const router = Router();
  router.post(
    '/settings/users/:id/invitation',
    requireAccess(context.auth, { ability: 'create', permission: 'manage_settings' }),
    async (req, res) => {
      const { tenant, permissions } = req.principal;
      const user = await context.users.find(tenant, String(req.params.id));
      if (!user) throw notFound('No such user');
      const missing = permissionsBeyond(permissions, user.permissions);
      if (missing.length > 0) {
        const names = missing.map((name) => `"${name}"`).join(', ');
        throw forbidden(`Cannot invite this user: the calling user does not hold ${names}`);
      }
      if (!user.active) throw new HttpError(409, 'The user is deactivated: activate it first');
      const { secret, validUntil } = await context.people.invitations.create(
        tenant,
        user._id,
        context.people.invitationValidMs,
      );
      context.logger.info({ tenant, userId: user._id }, 'invitation made');
      const answer: z.infer<typeof invitationSchema> = {
        secret,
        link: invitationLink(context.people.publicUrl, secret),
        consolePath: invitationPath(secret),
        validUntil: validUntil.toISOString(),
      };
      res.status(201).json(answer);
    },
  );
  return router;
}

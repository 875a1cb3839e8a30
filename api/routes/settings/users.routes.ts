/**
 * `/settings/users`: the users of the caller's tenant. Needs manage_settings. Permissions given
 * (on create or PATCH) are at most the calling user's own; a user is changed or deleted only by a
 * caller holding all its permissions, and never so that the tenant is left without an admin.
 */
import { Router } from 'express';
import { userBodySchema, userPatchSchema, userView, userViewSchema } from '../../../core/auth/user';
import { changeUser } from '../../../core/auth/change-user';
import { deleteUser } from '../../../core/auth/delete-user';
import { DuplicateError } from '../../../core/mongo/duplicate-key';
import type { ApiContext } from '../../context';
import { HttpError, notFound } from '../../http/http-error';
import { checkPermissionsGrant } from '../../http/grant-refusal';
import { userRefusal } from '../../http/user-refusal-answer';
import { parseSettingsOrThrow } from '../../http/settings-validation';
import { requireAccessByMethod } from '../../middleware/require-access';
import { registerSettingsPaths } from '../../openapi/settings-paths';

registerSettingsPaths({
  tag: 'Users',
  base: '/settings/users',
  idParam: 'id',
  permission: 'manage_settings',
  view: userViewSchema.meta({ id: 'User' }),
  create: userBodySchema,
  patch: userPatchSchema,
  grants:
    'Nobody grants what they do not hold: every permission given (on create, or in a patch) must be held by the calling user. Otherwise 403, naming what cannot be granted. A user is changed, deactivated or deleted only by a caller that holds every permission of that user (otherwise 403, naming what the caller lacks).',
  conflict: 'The email is already used in the tenant',
  refusals: {
    patch:
      'The change would deactivate the caller or remove its own manage_settings, or leave the tenant without an active user with manage_settings; the message says which',
    delete:
      'The caller would delete itself, or the tenant would be left without an active user with manage_settings',
  },
});

export function usersRoutes(context: ApiContext): Router {
  const router = Router();
  router.use('/settings/users', requireAccessByMethod(context.auth, 'manage_settings'));
  const services = { users: context.users, turns: context.userTurns };

  router.post('/settings/users', async (req, res) => {
    const body = parseSettingsOrThrow(userBodySchema, req.body);
    checkPermissionsGrant(req.principal, body.permissions);
    try {
      const user = await context.users.create(req.principal.tenant, body);
      res.status(201).json(userView(user));
    } catch (error) {
      if (error instanceof DuplicateError) {
        throw new HttpError(409, error.message, {}, { errors: { [error.field]: error.message } });
      }
      throw error;
    }
  });

  router.get('/settings/users', async (req, res) => {
    const users = await context.users.list(req.principal.tenant);
    res.json({ items: users.map(userView), nextCursor: null });
  });

  router.get('/settings/users/:id', async (req, res) => {
    const user = await context.users.find(req.principal.tenant, req.params.id);
    if (!user) throw notFound('No such user');
    res.json(userView(user));
  });

  router.patch('/settings/users/:id', async (req, res) => {
    const changes = parseSettingsOrThrow(userPatchSchema, req.body);
    checkPermissionsGrant(req.principal, changes.permissions ?? []);
    const outcome = await changeUser(services, req.principal, req.params.id, changes);
    if ('refused' in outcome) {
      const action = changes.active === false ? 'deactivate this user' : 'change this user';
      throw userRefusal(outcome.refused, action, 'No such user');
    }
    res.json(userView(outcome.done));
  });

  router.delete('/settings/users/:id', async (req, res) => {
    const outcome = await deleteUser(services, req.principal, req.params.id);
    if ('refused' in outcome)
      throw userRefusal(outcome.refused, 'delete this user', 'No such user');
    res.status(204).end();
  });

  return router;
}

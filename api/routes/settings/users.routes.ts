/**
 * `/settings/users`: the users of the caller's tenant. Needs manage_settings. Permissions given
 * (on create or PATCH) are at most the calling user's own.
 */
import { Router } from 'express';
import { userBodySchema, userPatchSchema, userView, userViewSchema } from '../../../core/auth/user';
import { DuplicateError } from '../../../core/mongo/duplicate-key';
import type { ApiContext } from '../../context';
import { HttpError, notFound } from '../../http/http-error';
import { checkPermissionsGrant } from '../../http/grant-refusal';
import { parseOrThrow } from '../../http/validate';
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
    'Nobody grants what they do not hold: every permission given (on create, or in a patch) must be held by the calling user. Otherwise 403, naming what cannot be granted.',
  conflict: 'The email is already used in the tenant',
});

export function usersRoutes(context: ApiContext): Router {
  const router = Router();
  router.use('/settings/users', requireAccessByMethod(context.auth, 'manage_settings'));

  router.post('/settings/users', async (req, res) => {
    const body = parseOrThrow(userBodySchema, req.body);
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
    const changes = parseOrThrow(userPatchSchema, req.body);
    checkPermissionsGrant(req.principal, changes.permissions ?? []);
    const user = await context.users.update(req.principal.tenant, req.params.id, changes);
    if (!user) throw notFound('No such user');
    res.json(userView(user));
  });

  router.delete('/settings/users/:id', async (req, res) => {
    if (!(await context.users.remove(req.principal.tenant, req.params.id)))
      throw notFound('No such user');
    res.status(204).end();
  });

  return router;
}
